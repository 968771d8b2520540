import { Anchor, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatRubles } from '../../../shared/money.js';
import { routes } from '../../routes';
import { ConsentCheckbox } from '../../ui/ConsentCheckbox';
import { useTitle } from '../../ui/use-title';
import { BasketColumns, BasketPlaceholder, orderableBasket } from './BasketPageLayout';
import { BasketProblems } from './BasketSummary';
import { useCheckoutForm, usePlaceOrder } from './checkout-form';
import { CheckoutFields } from './CheckoutFields';
import { DeliveryChoice, useFirstAvailableMethod } from './DeliveryChoice';
import { OrderAmounts } from './OrderDeliveryInfo';
import { PaymentChoice } from './PaymentChoice';
import { useDeliveryOptions, useDeliveryQuotes } from './use-delivery';
import { useBasket } from './use-basket';

/** /checkout: contact, the delivery method (a pickup point or the address), the payment method and the order's summary with the delivery cost. */
export default function CheckoutPage() {
  useTitle('Оформление заказа');
  const { basket, basketId, loading, forget } = useBasket();
  const form = useCheckoutForm();
  const { place, placing } = usePlaceOrder(() => forget());

  const active = orderableBasket(basket);
  const options = useDeliveryOptions();
  const methods = options.data?.methods ?? [];
  const { address, pickupPointId, deliveryMethodId } = form.values;
  // Before a point is chosen, pickup is priced at the first one (its cost does not wait for the choice).
  const quotedPoint = pickupPointId ?? options.data?.pickupPoints[0]?.id ?? null;
  const quotes = useDeliveryQuotes(methods, { city: address.city, zipCode: address.zipCode, amount: active?.totalAmount ?? 0, pickupPointId: quotedPoint });
  useFirstAvailableMethod(form, methods, quotes);
  if (!active || (loading && basketId)) {
    return <BasketPlaceholder loading={loading && basketId !== null} title="Оформление заказа" emptyText="Добавьте товары в корзину, чтобы оформить заказ." />;
  }

  const quote = deliveryMethodId === null ? undefined : quotes.get(deliveryMethodId);
  // No method to choose: the shop agrees delivery by phone, nothing is added.
  const deliveryCost = options.data && methods.length === 0 ? 0 : quote?.available ? quote.cost : null;
  return (
    <form onSubmit={form.onSubmit((values) => place({ basketId: active.id }, values))} noValidate>
      <Stack>
        <Title order={1} size="h2">
          Оформление заказа
        </Title>
        <BasketColumns
          mainSpan={7}
          main={<CheckoutFields form={form} delivery={<DeliveryChoice form={form} methods={methods} points={options.data?.pickupPoints ?? []} quotes={quotes} />} />}
          mainPadding={{ base: 'sm', sm: 'lg' }}
          summaryTitle="Ваш заказ"
          summaryPadding={{ base: 'sm', sm: 'lg' }}
          summary={
            <>
              <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {active.orderProducts.map((line) => (
                  <Group component="li" key={`${line.variantId}-${line.sizeId ?? 0}`} justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                    <Text size="sm" style={{ minWidth: 0 }}>
                      {line.name}
                      {line.size ? `, размер ${line.size.name}` : ''}
                      {line.color ? `, ${line.color.name}` : ''} × {line.quantity}
                    </Text>
                    <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {formatRubles(line.lineTotal)}
                    </Text>
                  </Group>
                ))}
              </Stack>
              <Divider />
              <OrderAmounts items={active.totalAmount} delivery={deliveryCost} total={active.totalAmount + (deliveryCost ?? 0)} />
              <BasketProblems basket={active} />
              <PaymentChoice form={form} />
              <ConsentCheckbox {...form.getInputProps('consent', { type: 'checkbox' })} />
              <Text size="xs" c="dimmed">
                Нажимая кнопку, вы соглашаетесь с условиями{' '}
                <Anchor component={Link} to="/offer" target="_blank" inherit underline="always">
                  публичной оферты
                </Anchor>
              </Text>
              <Button type="submit" size="md" fullWidth loading={placing} disabled={active.hasProblems}>
                Подтвердить заказ
              </Button>
              <Button component={Link} to={routes.cart} variant="subtle" fullWidth>
                Вернуться в корзину
              </Button>
            </>
          }
        />
      </Stack>
    </form>
  );
}
