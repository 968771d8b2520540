import { schemaResolver, type FormErrors } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { formatRubles } from '../../../shared/money.js';
import { deliveryMethodInputSchema, type DeliveryKind, type DeliveryMethod, type DeliveryMethodInput } from '../../../shared/schemas/delivery.js';

/**
 * The method form holds what the admin types: number fields may be empty (''). `toMethodInput`
 * turns that into the shared `deliveryMethodInputSchema` shape, which is what is validated and sent.
 * A price of 0 (or left empty) is a free method; an empty «Бесплатно от» is never free.
 */
export interface ZoneValues {
  /** A stable React key while zones are added and removed. */
  key: string;
  name: string;
  cities: string[];
  price: number | string;
  freeFrom: number | string;
  minDays: number | string;
  maxDays: number | string;
}

export interface MethodValues {
  kind: DeliveryKind;
  name: string;
  description: string;
  price: number | string;
  freeFrom: number | string;
  minDays: number | string;
  maxDays: number | string;
  active: boolean;
  position: number | string;
  zones: ZoneValues[];
}

export function emptyZone(): ZoneValues {
  return { key: randomId(), name: '', cities: [], price: '', freeFrom: '', minDays: 1, maxDays: 2 };
}

export const emptyMethod: MethodValues = {
  kind: 'pickup',
  name: '',
  description: '',
  price: 0,
  freeFrom: '',
  minDays: 1,
  maxDays: 3,
  active: true,
  position: 0,
  zones: [],
};

export function methodToValues(method: DeliveryMethod): MethodValues {
  return {
    kind: method.kind,
    name: method.name,
    description: method.description,
    price: method.price,
    freeFrom: method.freeFrom ?? '',
    minDays: method.minDays,
    maxDays: method.maxDays,
    active: method.active,
    position: method.position,
    zones: method.zones.map((zone) => ({
      key: String(zone.id),
      name: zone.name,
      cities: zone.cities,
      price: zone.price,
      freeFrom: zone.freeFrom ?? '',
      minDays: zone.minDays,
      maxDays: zone.maxDays,
    })),
  };
}

const asNumber = (value: number | string): number => (typeof value === 'number' ? value : Number.NaN);
const orNull = (value: number | string): number | null => (value === '' ? null : asNumber(value));

export function toMethodInput(values: MethodValues): DeliveryMethodInput {
  return {
    kind: values.kind,
    name: values.name,
    description: values.description,
    ...(values.price === '' ? {} : { price: asNumber(values.price) }),
    freeFrom: orNull(values.freeFrom),
    minDays: asNumber(values.minDays),
    maxDays: asNumber(values.maxDays),
    active: values.active,
    position: values.position === '' ? 0 : asNumber(values.position),
    // A courier is priced by its zones; the other kinds have none.
    zones:
      values.kind === 'courier'
        ? values.zones.map((zone) => ({
            name: zone.name,
            cities: zone.cities,
            price: asNumber(zone.price),
            freeFrom: orNull(zone.freeFrom),
            minDays: asNumber(zone.minDays),
            maxDays: asNumber(zone.maxDays),
          }))
        : [],
  };
}

const resolveMethod = schemaResolver(deliveryMethodInputSchema, { sync: true });

/** The shared schema's errors, with plain words where a field was simply left empty. */
export function validateMethod(values: MethodValues): FormErrors {
  const errors = resolveMethod(toMethodInput(values));
  const empty = 'Укажите число дней';
  if (values.kind !== 'courier') {
    if (values.minDays === '') errors['minDays'] = empty;
    if (values.maxDays === '') errors['maxDays'] = empty;
  }
  values.zones.forEach((zone, index) => {
    if (values.kind !== 'courier') return;
    if (zone.price === '') errors[`zones.${index}.price`] = 'Укажите цену';
    if (zone.minDays === '') errors[`zones.${index}.minDays`] = empty;
    if (zone.maxDays === '') errors[`zones.${index}.maxDays`] = empty;
  });
  return errors;
}

/** «300 ₽, бесплатно от 5 000 ₽» or «бесплатно». */
function pricePart(price: number, freeFrom: number | null): string {
  const cost = price === 0 ? 'бесплатно' : formatRubles(price);
  return freeFrom === null || price === 0 ? cost : `${cost}, бесплатно от ${formatRubles(freeFrom)}`;
}

/** The list's «price rule» column: «300 ₽, бесплатно от 5 000 ₽», or per zone for a courier. */
export function priceRuleSummary(method: Pick<DeliveryMethod, 'kind' | 'price' | 'freeFrom' | 'zones'>): string {
  if (method.kind !== 'courier') return pricePart(method.price, method.freeFrom);
  if (method.zones.length === 0) return 'Нет зон';
  return method.zones.map((zone) => `${zone.name}: ${pricePart(zone.price, zone.freeFrom)}`).join('; ');
}
