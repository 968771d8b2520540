import { Box, Chip, Input, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useEffect } from 'react';
import { paymentMethodLabels, paymentMethods, type PaymentMethod } from '../../../shared/schemas/payments.js';
import { trpc } from '../../trpc';
import type { CheckoutFormValues } from './checkout-form';
import { cardChip } from './DeliveryChoice';

const descriptions: Record<PaymentMethod, string> = {
  onDelivery: 'Наличными или картой курьеру либо в пункте самовывоза',
  online: 'Картой, через СБП или SberPay — сразу после оформления',
};

const isMethod = (value: string): value is PaymentMethod => paymentMethods.some((method) => method === value);

/**
 * «Способ оплаты»: «При получении» (the default) and, when the shop takes online payment
 * (`settings.public`), «Онлайн». Without it the line says so and the form stays on delivery.
 */
export function PaymentChoice({ form }: { form: UseFormReturnType<CheckoutFormValues> }) {
  const settings = trpc.settings.public.useQuery({}, { meta: { silent: true } });
  const online = settings.data?.onlinePaymentAvailable === true;
  const { paymentMethod } = form.values;
  const { setFieldValue } = form;
  // The shop stopped taking online payment while the page was open: back to on delivery.
  useEffect(() => {
    if (settings.data && !online && paymentMethod === 'online') setFieldValue('paymentMethod', 'onDelivery');
  }, [settings.data, online, paymentMethod, setFieldValue]);

  if (!online) {
    return (
      <Text size="sm" c="dimmed">
        Оплата при получении.
      </Text>
    );
  }
  return (
    <Input.Wrapper id="payment-method" label="Способ оплаты" labelElement="div" labelProps={{ fz: 'md', fw: 700 }}>
      <Chip.Group multiple={false} value={paymentMethod} onChange={(value) => isMethod(value) && setFieldValue('paymentMethod', value)}>
        <Stack gap="xs" mt="xs" role="radiogroup" aria-labelledby="payment-method-label">
          {paymentMethods.map((method) => (
            <Chip key={method} value={method} {...cardChip}>
              <Box component="span" display="flex" style={{ flexDirection: 'column', gap: 2, minWidth: 0 }}>
                <Text component="span" fw={600}>
                  {paymentMethodLabels[method]}
                </Text>
                <Text component="span" size="sm" c="dimmed">
                  {descriptions[method]}
                </Text>
              </Box>
            </Chip>
          ))}
        </Stack>
      </Chip.Group>
    </Input.Wrapper>
  );
}
