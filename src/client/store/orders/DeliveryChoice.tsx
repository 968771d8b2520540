// RadioGroup, RadioCard and RadioIndicator by name, not through Radio: the plain Radio would pull
// InlineInput out of the catalogue's Checkbox chunk into one of its own (the /catalog script budget).
import { Anchor, Group, RadioCard, RadioGroup, RadioIndicator, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconExternalLink } from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
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

interface ChoiceGroupProps {
  label: string;
  value: number | null;
  onChange: (value: number) => void;
  error: ReactNode;
  children: ReactNode;
}

/** A labelled radio group of cards (arrow keys move between them), with its error. */
function ChoiceGroup({ label, value, onChange, error, children }: ChoiceGroupProps) {
  return (
    <RadioGroup label={label} labelProps={{ fz: 'md', fw: 700 }} withAsterisk value={value === null ? null : String(value)} onChange={(chosen) => onChange(Number(chosen))} error={error}>
      <Stack gap="xs" mt="xs">
        {children}
      </Stack>
    </RadioGroup>
  );
}

function MethodCard({ method, quote }: { method: DeliveryMethod; quote: DeliveryQuote | undefined }) {
  const unavailable = quote !== undefined && !quote.available;
  return (
    <RadioCard value={String(method.id)} radius="md" p="sm" withBorder>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <RadioIndicator mt={2} />
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
    </RadioCard>
  );
}

function PickupPoints({ form, points }: { form: CheckoutForm; points: readonly PickupPoint[] }) {
  const choose = (pointId: number) => {
    form.setFieldValue('pickupPointId', pointId);
    form.clearFieldError('pickupPointId');
  };
  return (
    <ChoiceGroup label="Пункт самовывоза" value={form.values.pickupPointId} onChange={choose} error={form.errors['pickupPointId']}>
      {points.length === 0 && <Text size="sm">Пунктов самовывоза пока нет: выберите другой способ доставки.</Text>}
      {points.map((point) => (
        <Stack key={point.id} gap={4}>
          <RadioCard value={String(point.id)} radius="md" p="sm" withBorder>
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <RadioIndicator mt={2} />
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600}>{point.name}</Text>
                <Text size="sm" c="dimmed">
                  {point.city}, {point.address}
                  <br />
                  {point.hours}
                </Text>
              </Stack>
            </Group>
          </RadioCard>
          <Anchor href={point.mapUrl} target="_blank" rel="noopener noreferrer" size="sm" ml="sm" aria-label={`На карте: ${point.name}`} style={{ alignSelf: 'flex-start' }}>
            <Group gap={4} component="span">
              На карте <IconExternalLink size={14} aria-hidden />
            </Group>
          </Anchor>
        </Stack>
      ))}
    </ChoiceGroup>
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
  const choose = (methodId: number) => {
    const method = methods.find((item) => item.id === methodId);
    if (!method) return;
    form.setValues({ deliveryMethodId: method.id, deliveryKind: method.kind });
    form.clearFieldError('deliveryMethodId');
  };
  return (
    <Stack gap="md">
      <ChoiceGroup label="Способ доставки" value={form.values.deliveryMethodId} onChange={choose} error={form.errors['deliveryMethodId']}>
        {methods.map((method) => (
          <MethodCard key={method.id} method={method} quote={quotes.get(method.id)} />
        ))}
      </ChoiceGroup>
      {form.values.deliveryKind === 'pickup' && <PickupPoints form={form} points={points} />}
    </Stack>
  );
}
