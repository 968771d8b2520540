import type { Kysely } from 'kysely';
import type { AccountsTables } from './tables/accounts.js';
import type { CatalogueTables } from './tables/catalogue.js';
import type { ContentTables } from './tables/content.js';
import type { DeliveryTables } from './tables/delivery.js';
import type { MediaTables } from './tables/media.js';
import type { OrdersTables } from './tables/orders.js';
import type { OrderStaffTables } from './tables/order-staff.js';
import type { PaymentsTables } from './tables/payments.js';
import type { PlatformTables } from './tables/platform.js';
import type { ReviewsTables } from './tables/reviews.js';
import type { SearchTables } from './tables/search.js';
import type { StockAlertsTables } from './tables/stock-alerts.js';
import type { WebhooksTables } from './tables/webhooks.js';

/**
 * The whole database: each domain declares its tables in db/tables/<domain>.ts, the shop's own
 * machinery in db/tables/platform.ts, and the column types they share in db/tables/columns.ts.
 */
export type Database = AccountsTables & CatalogueTables & MediaTables & OrdersTables & ReviewsTables & ContentTables & PlatformTables & WebhooksTables & StockAlertsTables & DeliveryTables & PaymentsTables & OrderStaffTables & SearchTables;

/** The query builder over the whole database. */
export type Db = Kysely<Database>;
