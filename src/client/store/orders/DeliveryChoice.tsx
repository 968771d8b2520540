// Chips, not Radio cards: Radio, Radio.Group and Radio.Card share small modules (InlineInput,
// InputsGroupFieldset) with the catalogue's Checkbox chunk, and using them here splits those into
// files of their own that /catalog then loads, past its 150 KB script budget. Chip is a chunk of its own.
import { Anchor, Box, Chip, Input, Stack, Text, type ChipProps } from '@mantine/core';
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
  /** Its label is `${id}-label`, its error `${id}-error`. */
  id: string;
  label: string;
  value: number | null;
  onChange: (value: number) => void;
  error: ReactNode;
  children: ReactNode;
}

/** A labelled radio group of card-like chips, with its error. */
function ChoiceGroup({ id, label, value, onChange, error, children }: ChoiceGroupProps) {
  return (
    <Input.Wrapper id={id} label={label} labelElement="div" withAsterisk error={error} labelProps={{ fz: 'md', fw: 700 }}>
      <Chip.Group multiple={false} value={value === null ? null : String(value)} onChange={(chosen) => onChange(Number(chosen))}>
        <Stack gap="xs" mt="xs" role="radiogroup" aria-labelledby={`${id}-label`} aria-describedby={error ? `${id}-error` : undefined}>
          {children}
        </Stack>
      </Chip.Group>
    </Input.Wrapper>
  );
}

/** A chip as a card: full width, several lines (the payment choice's cards too). */
export const cardChip: Pick<ChipProps, 'variant' | 'radius' | 'size' | 'styles'> = {
  variant: 'outline',
  radius: 'md',
  size: 'md',
  styles: {
    root: { width: '100%' },
    label: { width: '100%', height: 'auto', whiteSpace: 'normal', alignItems: 'flex-start', paddingBlock: 10, paddingInline: 14, fontWeight: 400 },
    iconWrapper: { marginTop: 2 },
  },
};

/**
 * A method's card: the name, the estimate and the cost; its description and why it cannot deliver
 * here are read out with it (aria-describedby) and shown under it, outside the label, which names
 * the method alone.
 */
function MethodCard({ method, quote }: { method: DeliveryMethod; quote: DeliveryQuote | undefined }) {
  const reason = quote !== undefined && !quote.available ? quote.reason : null;
  const notesId = `delivery-method-${method.id}-notes`;
  const hasNotes = Boolean(method.description || reason);
  return (
    <Stack gap={2}>
      <Chip value={String(method.id)} {...cardChip} aria-describedby={hasNotes ? notesId : undefined}>
        <Box component="span" display="flex" style={{ flexDirection: 'column', gap: 2, flex: 1, minWidth: 0, width: '100%' }}>
          <Box component="span" display="flex" style={{ justifyContent: 'space-between', gap: 8, width: '100%' }}>
            <Text component="span" fw={600}>
              {method.name}
            </Text>
            {quote?.available && (
              <Text component="span" fw={600} style={{ whiteSpace: 'nowrap' }} c={quote.cost === 0 ? 'green.8' : undefined}>
                {deliveryCostText(quote.cost)}
              </Text>
            )}
          </Box>
          <Text component="span" size="sm" c="dimmed">
            {quote?.estimate || method.estimate}
          </Text>
        </Box>
      </Chip>
      {hasNotes && (
        <Stack gap={0} id={notesId} px="sm" data-testid={`delivery-method-notes-${method.id}`}>
          {method.description && (
            <Text size="xs" c="dimmed">
              {method.description}
            </Text>
          )}
          {reason && (
            <Text size="sm" c="orange.9">
              {reason}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}

function PickupPoints({ form, points }: { form: CheckoutForm; points: readonly PickupPoint[] }) {
  const choose = (pointId: number) => {
    form.setFieldValue('pickupPointId', pointId);
    form.clearFieldError('pickupPointId');
  };
  return (
    <ChoiceGroup id="pickup-point" label="Пункт самовывоза" value={form.values.pickupPointId} onChange={choose} error={form.errors['pickupPointId']}>
      {points.length === 0 && <Text size="sm">Пунктов самовывоза пока нет: выберите другой способ доставки.</Text>}
      {points.map((point) => (
        <Stack key={point.id} gap={4}>
          <Chip value={String(point.id)} {...cardChip}>
            <Box component="span" display="flex" style={{ flexDirection: 'column', gap: 2, minWidth: 0 }}>
              <Text component="span" fw={600}>
                {point.name}
              </Text>
              <Text component="span" size="sm" c="dimmed">
                {point.city}, {point.address}. {point.hours}
              </Text>
            </Box>
          </Chip>
          <Anchor href={point.mapUrl} target="_blank" rel="noopener noreferrer" size="sm" ml="sm" aria-label={`На карте: ${point.name}`} style={{ alignSelf: 'flex-start' }}>
            <Box component="span" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
              На карте <IconExternalLink size={14} aria-hidden />
            </Box>
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
      <ChoiceGroup id="delivery-method" label="Способ доставки" value={form.values.deliveryMethodId} onChange={choose} error={form.errors['deliveryMethodId']}>
        {methods.map((method) => (
          <MethodCard key={method.id} method={method} quote={quotes.get(method.id)} />
        ))}
      </ChoiceGroup>
      {form.values.deliveryKind === 'pickup' && <PickupPoints form={form} points={points} />}
    </Stack>
  );
}
