import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { Checkout, CheckoutPaymentState } from '../../../shared/schemas/orders.js';
import { paymentStatusLabels } from '../../../shared/schemas/payments.js';
import { trpc } from '../../trpc';
import { payTokenOf } from './pay-token';

/** How often and how long the page asks while the payment is pending: the notification may be a moment late. */
const POLL_MS = 2500;
const POLL_FOR_MS = 60_000;

type Outcome = 'paid' | 'pending' | 'failed' | 'none';

function outcomeOf(state: CheckoutPaymentState | undefined, order: Checkout | undefined): Outcome {
  const source = state ?? order;
  if (!source || source.paymentMethod !== 'online') return 'none';
  if (source.paymentStatus === 'pending' && source.status === 'AwaitingPayment') return 'pending';
  if (source.paymentStatus === 'canceled' || source.status === 'Canceled') return 'failed';
  if (source.paymentStatus === 'pending') return 'pending';
  return 'paid';
}

/**
 * The online payment's outcome on the confirmation page the payment service sends the shopper back
 * to: «Оплачен», «Ожидает оплаты» (asked again every 2.5 s for a minute) with «Оплатить», or
 * «Оплата не прошла — заказ отменён». Read by the owner signed in or with the guest's payToken kept
 * when the order was placed; nothing is shown for an order paid on delivery.
 */
export function OrderPayment({ orderId, order, signedIn }: { orderId: number; order: Checkout | undefined; signedIn: boolean }) {
  const payToken = payTokenOf(orderId);
  // Asked again for a minute after the page opens, then only on «Оплатить».
  const [watching, setWatching] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setWatching(false), POLL_FOR_MS);
    return () => clearTimeout(timer);
  }, []);
  const readable = (signedIn || payToken !== null) && order?.paymentMethod !== 'onDelivery';
  const state = trpc.orders.checkouts.paymentState.useQuery(
    { checkoutId: orderId, ...(payToken ? { payToken } : {}) },
    {
      enabled: readable && orderId > 0,
      retry: false,
      meta: { silent: true },
      refetchInterval: (query) => (watching && outcomeOf(query.state.data, undefined) === 'pending' ? POLL_MS : false),
    },
  );
  const pay = trpc.orders.checkouts.pay.useMutation({
    onSuccess: (answer) => {
      if (answer.payment.confirmationUrl) window.location.assign(answer.payment.confirmationUrl);
    },
  });
  const outcome = outcomeOf(state.data, order);
  if (outcome === 'none') return null;

  const retry = (
    <Group>
      <Button loading={pay.isPending || pay.isSuccess} onClick={() => pay.mutate({ checkoutId: orderId, ...(payToken ? { payToken } : {}) })}>
        Оплатить
      </Button>
    </Group>
  );
  if (outcome === 'paid') {
    return (
      <Alert color="green" title={paymentStatusLabels.paid} role="status" data-testid="order-payment">
        Оплата получена, спасибо! Чек придёт на вашу почту.
      </Alert>
    );
  }
  if (outcome === 'failed') {
    return (
      <Alert color="red" title="Оплата не прошла — заказ отменён" role="status" data-testid="order-payment">
        Товары вернулись в продажу. Оформите заказ заново, если он ещё нужен.
      </Alert>
    );
  }
  // The checkout's answer says the payment service did not answer: nothing to wait for but «Оплатить».
  const unavailable = order?.payment?.status === 'unavailable' ? order.payment.message : null;
  const polling = state.isFetching || (state.data !== undefined && watching);
  return (
    <Alert color="yellow" title={paymentStatusLabels.pending} role="status" data-testid="order-payment">
      <Stack gap="sm">
        {unavailable ? (
          <Text size="sm">{unavailable}</Text>
        ) : (
          <Group gap="xs" wrap="nowrap">
            {polling && <Loader size="xs" aria-hidden />}
            <Text size="sm">Ждём подтверждения от платёжного сервиса. Если вы не оплатили заказ, оплатите его сейчас: неоплаченный заказ будет отменён.</Text>
          </Group>
        )}
        {(signedIn || payToken !== null) && retry}
      </Stack>
    </Alert>
  );
}
