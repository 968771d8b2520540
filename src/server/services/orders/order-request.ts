/** What a checkout asks for, shared by placing the order and by its idempotency check. */

export interface Delivery {
  address: string;
  city: string;
  country: string;
  zipCode: string;
}

/** What a checkout call asks for, whichever call it came through. */
export interface OrderRequest {
  /** 'user': POST /checkouts; 'direct': POST /checkouts/direct; 'staff': an order taken by phone. */
  kind: 'user' | 'direct' | 'staff';
  /** The account the order belongs to (null for a direct order). */
  userId: number | null;
  /** Who placed it (the history's first entry). */
  placedBy: number | null;
  basketId?: string | undefined;
  oneClick?: { variantId: number; sizeId?: number | null | undefined; quantity: number } | undefined;
  items?: ReadonlyArray<{ variantId: number; sizeId?: number | null | undefined; quantity: number }> | undefined;
  addressId?: number | undefined;
  /** A direct order's proof that `addressId` is the caller's own (POST /addresses/direct answered it). */
  addressToken?: string | undefined;
  address?: Delivery | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  email?: string | undefined;
  phone: string;
  /** One-step one-click (POST /checkouts/one-click): no address, no last name, e-mail only the account's; the shop calls back. */
  oneStep?: boolean | undefined;
  comment: string;
  idempotencyKey: string | null;
  /** The delivery method and pickup point chosen (docs/delivery.md). */
  deliveryMethodId?: number | undefined;
  pickupPointId?: number | undefined;
  /** Signed in: keep the typed address among the shopper's addresses (docs/orders.md). */
  saveAddress?: boolean | undefined;
  /** On delivery (default) or online (docs/payments.md). */
  paymentMethod?: 'onDelivery' | 'online' | undefined;
}
