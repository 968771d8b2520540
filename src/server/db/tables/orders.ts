import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Defaulted, UpdatedAt, Version } from './columns.js';

/** Tables of the orders domain. Money is kopecks (bigint columns, read as numbers). */

export type BasketStatus = 'Active' | 'Ordered';
export type CheckoutStatus = 'AwaitingPayment' | 'New' | 'InDelivery' | 'Completed' | 'Canceled';
export type PaymentMethodColumn = 'on_delivery' | 'online';
export type PaymentStatusColumn = 'none' | 'pending' | 'paid' | 'refunded' | 'partially_refunded' | 'canceled';

export interface BasketsTable {
  id: Generated<string>;
  userId: number | null;
  status: Defaulted<BasketStatus>;
  totalAmount: Defaulted<number>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface BasketLinesTable {
  id: Generated<number>;
  basketId: string;
  variantId: number;
  sizeId: number | null;
  quantity: number;
  position: Defaulted<number>;
}

export interface WishlistsTable {
  id: Generated<string>;
  userId: number | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface WishlistProductsTable {
  wishlistId: string;
  productId: number;
  position: Defaulted<number>;
}

export interface AddressesTable {
  id: Generated<number>;
  userId: number | null;
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  country: string;
  zipCode: string;
  phone: Defaulted<string>;
  /** When a direct checkout used it (a direct address serves one checkout). */
  usedAt: Date | null;
  /** A guest's address: SHA-256 of the token only its creator holds (null for an account's). */
  tokenHash: string | null;
  /** The user's default address (at most one per user; a direct address never is). */
  isDefault: Defaulted<boolean>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface CheckoutsTable {
  id: Generated<number>;
  status: Defaulted<CheckoutStatus>;
  userId: number | null;
  basketId: string | null;
  addressId: number | null;
  oneClick: Defaulted<boolean>;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  country: string;
  zipCode: string;
  comment: Defaulted<string>;
  totalAmount: number;
  totalQuantity: number;
  /** Delivery snapshot (migrations/0023_delivery.ts): never recomputed; null when the order has none. */
  deliveryMethodId: Defaulted<number | null>;
  deliveryKind: Defaulted<'courier' | 'pickup' | 'post' | null>;
  deliveryName: Defaulted<string | null>;
  deliveryEstimate: Defaulted<string | null>;
  /** Kopecks; total_amount = items_amount + delivery_cost. */
  deliveryCost: Defaulted<number>;
  /** Kopecks: the goods (null only on rows written without it, read as total_amount). */
  itemsAmount: Defaulted<number | null>;
  pickupPointId: Defaulted<number | null>;
  pickupPointName: Defaulted<string | null>;
  pickupPointAddress: Defaulted<string | null>;
  pickupPointHours: Defaulted<string | null>;
  idempotencyKey: string | null;
  /** Whose key it is: `user:<id>`, `basket:<uuid>`, `staff:<id>` or `guest`. */
  idempotencyScope: string | null;
  /** SHA-256 of the request the key answered (a different request with the key is refused). */
  requestHash: string | null;
  /** A guest order's client network (IPv4 address or IPv6 /64); null for others. */
  placedFrom: string | null;
  /** A guest order's phone, digits only (the open-orders hold counts by it). */
  phoneDigits: string | null;
  /** A one-click order the shop has not yet confirmed by phone («Перезвонить»). */
  callbackPending: Defaulted<boolean>;
  /** SHA-256 of the order's status-link token; the sealed token lets status letters carry the link. */
  accessTokenHash: string | null;
  accessTokenSealed: string | null;
  /** How the order is paid (migrations/0027_payments.ts, docs/payments.md). */
  paymentMethod: Defaulted<PaymentMethodColumn>;
  paymentStatus: Defaulted<PaymentStatusColumn>;
  /** An online order not paid by then is cancelled (services/payments/sweeper.ts). */
  payBy: Date | null;
  /** SHA-256 of the token a guest retries the payment with. */
  payTokenHash: string | null;
  /** Bumped by every change recorded in checkout_events (migrations/0031_order_staff.ts). */
  version: Version;
  /** Set explicitly only by the demo data (orders of the last 30 days). */
  createdAt: Defaulted<Date>;
  updatedAt: UpdatedAt;
}

export interface CheckoutLinesTable {
  id: Generated<number>;
  checkoutId: number;
  position: number;
  productId: number;
  variantId: number;
  sizeId: number | null;
  productName: string;
  productUrl: string;
  article: string;
  colorName: string | null;
  sizeName: string | null;
  image: string | null;
  quantity: number;
  unitPrice: number;
}

export interface CheckoutStatusHistoryTable {
  id: Generated<number>;
  checkoutId: number;
  fromStatus: CheckoutStatus | null;
  toStatus: CheckoutStatus;
  changedBy: number | null;
  createdAt: ColumnType<Date, Date | undefined, never>;
}

export interface OrdersTables {
  baskets: BasketsTable;
  basketLines: BasketLinesTable;
  wishlists: WishlistsTable;
  wishlistProducts: WishlistProductsTable;
  addresses: AddressesTable;
  checkouts: CheckoutsTable;
  checkoutLines: CheckoutLinesTable;
  checkoutStatusHistory: CheckoutStatusHistoryTable;
}
