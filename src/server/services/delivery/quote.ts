import type { z } from 'zod';
import { toKopecks, toRubles } from '../../../shared/money.js';
import type { DeliveryQuote, deliveryQuoteInputSchema } from '../../../shared/schemas/delivery.js';
import type { Db } from '../../db/connection.js';
import { quoteDelivery } from './pricing.js';

/** GET /delivery/quote: the checkout's live price of a method, in rubles. */
export async function quote(db: Db, input: z.output<typeof deliveryQuoteInputSchema>): Promise<DeliveryQuote> {
  const result = await quoteDelivery(db, {
    methodId: input.deliveryMethodId,
    pickupPointId: input.pickupPointId,
    city: input.city,
    zipCode: input.zipCode,
    goodsKopecks: toKopecks(input.amount),
  });
  return {
    available: result.available,
    reason: result.reason,
    cost: toRubles(result.cost),
    estimate: result.estimate,
    freeFrom: result.freeFrom === null ? null : toRubles(result.freeFrom),
  };
}
