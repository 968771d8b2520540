import { useCallback } from 'react';
import { storageKeys } from '../../../shared/storage-keys.js';
import { maxUnitsPerLine } from '../../../shared/order-limits.js';
import type { Basket, BasketLine } from '../../../shared/schemas/orders.js';
import { useAuth } from '../../accounts/AuthProvider';
import { trpc } from '../../trpc';
import { useStoredRecord } from './stored-record';

/** A line as the client sends it (the shared item input, with its defaults filled in). */
export interface BasketItem {
  variantId: number;
  sizeId: number | null;
  quantity: number;
}

/** What the server needs of a line: the rest of it (prices, states) is the server's answer. */
export function toItem(line: Pick<BasketLine, 'variantId' | 'sizeId' | 'quantity'>): BasketItem {
  return { variantId: line.variantId, sizeId: line.sizeId, quantity: line.quantity };
}

/** A line of a PUT as the mutation holds it (the schema's input types are loose). */
function asItem(raw: { variantId: unknown; sizeId?: unknown; quantity?: unknown }): BasketItem {
  return {
    variantId: Number(raw.variantId),
    sizeId: typeof raw.sizeId === 'number' ? raw.sizeId : null,
    quantity: typeof raw.quantity === 'number' ? raw.quantity : 1,
  };
}

const sameItem = (a: { variantId: number; sizeId: number | null }, b: { variantId: number; sizeId: number | null }) => a.variantId === b.variantId && a.sizeId === b.sizeId;

/**
 * The basket as the shopper is about to see it: known lines take their new quantity at once (their
 * totals from the unit price the server last answered); lines the server has not described yet
 * appear when it answers.
 */
function optimistic(basket: Basket, items: BasketItem[]): Basket {
  const lines = items.flatMap((item) => {
    const line = basket.orderProducts.find((known) => sameItem(known, item));
    if (!line) return [];
    const quantity = item.quantity;
    // As the server counts: a line that cannot be ordered in full adds nothing.
    return [{ ...line, quantity, lineTotal: line.price === null || line.state !== 'ok' ? 0 : Math.round(line.price * quantity * 100) / 100 }];
  });
  const counted = lines.filter((line) => line.state === 'ok');
  return {
    ...basket,
    orderProducts: lines,
    totalAmount: Math.round(counted.reduce((sum, line) => sum + line.lineTotal * 100, 0)) / 100,
    totalQuantity: lines.reduce((sum, line) => sum + line.quantity, 0),
  };
}

/**
 * The basket, fetched by the stored id (a failed fetch removes the id and shows the
 * error); creation stores the new id; an update sends the whole list of lines. Changes show at once
 * and are rolled back when the server refuses them; they run one after another.
 */
export function useBasket() {
  const utils = trpc.useUtils();
  const stored = useStoredRecord({
    storageKey: storageKeys.basketId,
    scope: 'basket',
    cache: utils.orders.baskets.get,
    keyOf: (input: { basketId: string; orderProducts: Parameters<typeof asItem>[0][] }) => ({ basketId: input.basketId }),
    keyOfSaved: (saved) => ({ basketId: saved.id }),
    apply: (previous, input) => optimistic(previous, input.orderProducts.map(asItem)),
  });
  const { id: basketId, setId: setBasketId } = stored;
  // A signed-in user's basket is theirs alone: it is read once the session check has renewed an
  // expired access token, not before (an anonymous read of it would be refused).
  const { loading: sessionChecking } = useAuth();
  const query = trpc.orders.baskets.get.useQuery(
    { basketId: basketId ?? '' },
    { enabled: basketId !== null && !sessionChecking, retry: false, meta: { silent: true } },
  );
  const basket = query.data && query.data.id === basketId ? query.data : undefined;

  const create = trpc.orders.baskets.create.useMutation(stored.create);
  const update = trpc.orders.baskets.update.useMutation(stored.update);

  /** Replaces the whole list of lines (quantities, removals). */
  const setItems = useCallback(
    (items: BasketItem[]) => {
      if (!basket) return Promise.resolve(undefined);
      return update.mutateAsync({ basketId: basket.id, orderProducts: items }).catch(() => undefined);
    },
    [basket, update],
  );

  /** Adds an item (the same variant and size add up); creates the basket on the first item. */
  const addItem = useCallback(
    async (item: BasketItem): Promise<Basket | undefined> => {
      // Clicked before the stored basket arrived: wait for it rather than start another.
      const current = basket ?? (basketId ? await utils.orders.baskets.get.fetch({ basketId }).catch(() => undefined) : undefined);
      if (!current || current.status !== 'Active') return create.mutateAsync({ orderProducts: [item] }).catch(() => undefined);
      const items = current.orderProducts.map(toItem);
      const known = items.find((existing) => sameItem(existing, item));
      if (known) known.quantity = Math.min(maxUnitsPerLine, known.quantity + item.quantity);
      else items.push(item);
      return update.mutateAsync({ basketId: current.id, orderProducts: items }).catch(() => undefined);
    },
    [basket, basketId, utils, create, update],
  );

  const forget = useCallback(() => setBasketId(null), [setBasketId]);
  /** Takes another basket as the browser's own (the user's, after sign-in). */
  const adopt = useCallback(
    (next: Basket) => {
      utils.orders.baskets.get.setData({ basketId: next.id }, next);
      setBasketId(next.id);
    },
    [utils, setBasketId],
  );

  return {
    basketId,
    basket,
    loading: query.isLoading || (basketId !== null && sessionChecking),
    adding: create.isPending || update.isPending,
    addItem,
    setItems,
    /** After a checkout the ordered basket is left behind; the next item starts a new one. */
    forget,
    /** A failed fetch removes the stored id and shows the error (done once, by BasketSync). */
    failure: query.error,
    adopt,
  };
}
