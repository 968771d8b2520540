import type { FormErrors } from '@mantine/form';
import { deliveryMessages, isPostcode } from '../../../shared/delivery-rules.js';
import { deliveryKindSchema, type DeliveryKind } from '../../../shared/schemas/delivery.js';
import { z } from '../../../shared/zod.js';

/**
 * The checkout form's delivery choice: the method (and its kind, which decides the fields) and,
 * for pickup, the point. A form that never shows the choice (one-click) leaves them null and sends
 * nothing about delivery.
 */
export const deliveryFormShape = {
  deliveryMethodId: z.number().int().nullable(),
  deliveryKind: deliveryKindSchema.nullable(),
  pickupPointId: z.number().int().nullable(),
};

export interface DeliveryFormValues {
  deliveryMethodId: number | null;
  deliveryKind: DeliveryKind | null;
  pickupPointId: number | null;
}

export const emptyDelivery: DeliveryFormValues = { deliveryMethodId: null, deliveryKind: null, pickupPointId: null };

type WithAddress = DeliveryFormValues & { address: { zipCode: string } };

/**
 * The kind's own rules over the schema's errors: pickup asks for a point and not for an address;
 * Почта России for a six-digit postcode.
 */
export function withDeliveryRules<Values extends WithAddress>(resolve: (values: Values) => FormErrors): (values: Values) => FormErrors {
  return (values) => {
    const errors = resolve(values);
    if (values.deliveryKind === 'pickup') {
      for (const key of Object.keys(errors)) if (key.startsWith('address.') || key === 'address') delete errors[key];
      if (values.pickupPointId === null) errors['pickupPointId'] = deliveryMessages.pickupPointRequired;
    }
    if (values.deliveryKind === 'post' && !errors['address.zipCode'] && !isPostcode(values.address.zipCode)) {
      errors['address.zipCode'] = deliveryMessages.postcodeRequired;
    }
    return errors;
  };
}

/** What the checkout sends: the method and point when chosen, and the address unless it is a pickup. */
export function toDeliveryInput<Values extends DeliveryFormValues & { address: unknown }>(values: Values) {
  const { deliveryMethodId, deliveryKind, pickupPointId, address, ...rest } = values;
  return {
    ...rest,
    ...(deliveryKind === 'pickup' ? {} : { address: address as Values['address'] }),
    ...(deliveryMethodId === null ? {} : { deliveryMethodId }),
    ...(deliveryKind === 'pickup' && pickupPointId !== null ? { pickupPointId } : {}),
  };
}
