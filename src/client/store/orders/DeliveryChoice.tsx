import { Anchor, Group, Paper, Radio, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconExternalLink } from '@tabler/icons-react';
import { useEffect } from 'react';
import type { DeliveryMethod, DeliveryQuote, PickupPoint } from '../../../shared/schemas/delivery.js';
import type { CheckoutFormValues } from './checkout-form';
import { deliveryCostText } from './OrderDeliveryInfo';

type CheckoutForm = UseFormReturnType<CheckoutFormValues>;

/**
 * Chooses the first method available for the typed city as soon as the quotes say which, unless
 * the shopper has chosen already. Choosing it does not count as typing (the account's prefill still
 * comes).
 */
export function useFirstAvailableMethod(form: CheckoutForm, methods: readonly DeliveryMethod[], quotes: Map<number, DeliveryQuote>): void {
  const first = methods.find((method) => quotes.get(method.id)?.available);
  const chosen = form.values.deliveryMethodId;
  useEffect(() => {
    if (chosen !== null || !first) return;
    const clean = !form.isDirty();
    const choice = { deliveryMethodId: first.id, deliveryKind: first.kind };
    form.setValues(choice);
    if (clean) form.resetDirty({ ...form.getValues(), ...choice });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the first available method or the choice changes
  }, [first?.id, chosen]);
}

function MethodCard({ method, quote }: { method: DeliveryMethod; quote: DeliveryQuote | undefined }) {
  const unavailable = quote !== undefined && !quote.available;
  return (
    <Radio.Card value={String(method.id)} radius="md" p="sm" withBorder>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator mt={2} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <Text fw={600}>{method.name}</Text>
            {quote?.available && (
              <Text fw={600} style={{ whiteSpace: 'nowrap' }} c={quote.cost === 0 ? 'green.8' : undefined}>
                {deliveryCostText(quote.cost)}
              </Text>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {quote?.estimate || method.estimate}
          </Text>
          {method.description && (
            <Text size="xs" c="dimmed">
              {method.description}
            </Text>
          )}
          {unavailable && quote.reason && (
            <Text size="sm" c="orange.9">
              {quote.reason}
            </Text>
          )}
        </Stack>
      </Group>
    </Radio.Card>
  );
}

function PickupPoints({ form, points }: { form: CheckoutForm; points: readonly PickupPoint[] }) {
  return (
    <Radio.Group
      label="Пункт самовывоза"
      withAsterisk
      value={form.values.pickupPointId === null ? null : String(form.values.pickupPointId)}
      onChange={(value) => {
        form.setFieldValue('pickupPointId', Number(value));
        form.clearFieldError('pickupPointId');
      }}
      error={form.errors['pickupPointId']}
    >
      <Stack gap="xs" mt="xs">
        {points.length === 0 && <Text size="sm">Пунктов самовывоза пока нет: выберите другой способ доставки.</Text>}
        {points.map((point) => (
          <Paper key={point.id} withBorder radius="md" p="sm">
            <Stack gap={6}>
              <Radio value={String(point.id)} label={point.name} description={`${point.city}, ${point.address}. ${point.hours}`} />
              <Anchor href={point.mapUrl} target="_blank" rel="noopener noreferrer" size="sm" ml={32} aria-label={`На карте: ${point.name}`}>
                <Group gap={4} component="span">
                  На карте <IconExternalLink size={14} aria-hidden />
                </Group>
              </Anchor>
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Radio.Group>
  );
}

interface DeliveryChoiceProps {
  form: CheckoutForm;
  methods: readonly DeliveryMethod[];
  points: readonly PickupPoint[];
  quotes: Map<number, DeliveryQuote>;
}

/** «Способ доставки»: a card per method (its estimate, cost or why not for this city); for pickup, the points. */
export function DeliveryChoice({ form, methods, points, quotes }: DeliveryChoiceProps) {
  if (methods.length === 0) return null;
  const choose = (value: string) => {
    const method = methods.find((item) => String(item.id) === value);
    if (!method) return;
    form.setValues({ deliveryMethodId: method.id, deliveryKind: method.kind });
    form.clearFieldError('deliveryMethodId');
  };
  return (
    <Stack gap="md">
      <Radio.Group
        label="Способ доставки"
        labelProps={{ fz: 'lg', fw: 700 }}
        withAsterisk
        value={form.values.deliveryMethodId === null ? null : String(form.values.deliveryMethodId)}
        onChange={choose}
        error={form.errors['deliveryMethodId']}
      >
        <Stack gap="xs" mt="xs">
          {methods.map((method) => (
            <MethodCard key={method.id} method={method} quote={quotes.get(method.id)} />
          ))}
        </Stack>
      </Radio.Group>
      {form.values.deliveryKind === 'pickup' && <PickupPoints form={form} points={points} />}
    </Stack>
  );
}
