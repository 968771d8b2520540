import type { PaymentMethod, PaymentStatus } from '../../../shared/schemas/payments.js';
import type { PaymentMethodColumn, PaymentStatusColumn } from '../../db/tables/orders.js';

/** The API's camelCase names of the checkouts' payment columns, and back (snake_case in PostgreSQL). */
export const paymentMethodOf = (column: PaymentMethodColumn): PaymentMethod => (column === 'on_delivery' ? 'onDelivery' : 'online');

export const paymentStatusOf = (column: PaymentStatusColumn): PaymentStatus => (column === 'partially_refunded' ? 'partiallyRefunded' : column);

export const paymentStatusColumn = (status: PaymentStatus): PaymentStatusColumn => (status === 'partiallyRefunded' ? 'partially_refunded' : status);
