import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import type { DeliveryMethod, DeliveryQuote } from '../../../shared/schemas/delivery.js';
import { trpc } from '../../trpc';

/** The shop's active methods, pickup points and lowest free-delivery threshold (a failure is silent: no hint, no choice). */
export function useDeliveryOptions() {
  return trpc.delivery.options.useQuery({}, { staleTime: 60_000, meta: { silent: true } });
}

interface QuoteFor {
  city: string;
  zipCode: string;
  /** The goods' amount (the basket's total, rubles). */
  amount: number;
  pickupPointId: number | null;
}

/**
 * What each method costs for these goods and the typed city (delivery.quote, the server's own
 * rule), asked again a moment after the city or postcode stops changing; the previous answer stays
 * on screen meanwhile.
 */
export function useDeliveryQuotes(methods: readonly DeliveryMethod[], { city, zipCode, amount, pickupPointId }: QuoteFor): Map<number, DeliveryQuote> {
  const [typedCity] = useDebouncedValue(city.trim(), 400);
  const [typedZip] = useDebouncedValue(zipCode.trim(), 400);
  const results = trpc.useQueries((t) =>
    methods.map((method) =>
      t.delivery.quote(
        {
          deliveryMethodId: method.id,
          city: typedCity,
          amount,
          ...(method.kind === 'post' && typedZip ? { zipCode: typedZip } : {}),
          ...(method.kind === 'pickup' && pickupPointId !== null ? { pickupPointId } : {}),
        },
        { placeholderData: keepPreviousData, meta: { silent: true } },
      ),
    ),
  );
  const quotes = new Map<number, DeliveryQuote>();
  methods.forEach((method, index) => {
    const quote = results[index]?.data;
    if (quote) quotes.set(method.id, quote);
  });
  return quotes;
}
