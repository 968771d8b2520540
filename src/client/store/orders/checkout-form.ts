import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { z } from '../../../shared/zod.js';
import { checkoutDirectSchema, deliveryInputSchema, type Checkout } from '../../../shared/schemas/orders.js';
import { lastNameSchema } from '../../../shared/schemas/accounts.js';
import { paymentMethodSchema } from '../../../shared/schemas/payments.js';
import { useAuth } from '../../accounts/AuthProvider';
import { trpc } from '../../trpc';
import type { WithConsent } from '../../ui/ConsentCheckbox';
import { useCheckoutPrefill } from './checkout-prefill';
import type { BasketItem } from './use-basket';
import { deliveryFormShape, emptyDelivery, toDeliveryInput, withDeliveryRules } from './delivery-form';
import { rememberPayToken } from './pay-token';

/** A recipient's surname: the account's rules, and not empty. */
export const recipientLastNameSchema = lastNameSchema.refine((value) => value !== '', 'Укажите фамилию');

/** The checkout form: the direct checkout's contact fields with the address typed in. */
export const checkoutFormSchema = checkoutDirectSchema.pick({ firstName: true, email: true, phone: true, comment: true, consent: true }).extend({
  // The server refuses an order without a surname («Укажите имя, фамилию и e-mail получателя.»).
  lastName: recipientLastNameSchema,
  address: deliveryInputSchema,
  ...deliveryFormShape,
  /** «При получении» (default) or «Онлайн» when the shop takes online payment (PaymentChoice). */
  paymentMethod: paymentMethodSchema,
  /** Signed in: keep the typed address in the profile. */
  saveAddress: z.boolean().default(false),
});
export type CheckoutFormValues = WithConsent<z.input<typeof checkoutFormSchema>>;

const emptyValues: CheckoutFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  comment: '',
  consent: false,
  address: { address: '', city: '', country: 'Россия', zipCode: '' },
  ...emptyDelivery,
  paymentMethod: 'onDelivery',
  saveAddress: false,
};

/** The form, filled for a signed-in shopper from their default address or last order (checkout-prefill.ts). */
export function useCheckoutForm() {
  const form = useForm<CheckoutFormValues>({ mode: 'controlled', initialValues: emptyValues, validate: withDeliveryRules(schemaResolver(checkoutFormSchema, { sync: true })) });
  useCheckoutPrefill(form);
  return form;
}

/** What is being bought: the basket, or one variant and size (one-click). */
export type CheckoutSource = { basketId: string } | { oneClick: BasketItem };

/**
 * Places the order: POST /checkouts for a signed-in shopper, POST /checkouts/direct otherwise.
 * One key per form: a repeated submit (a double click, a retry after a lost answer) gives the
 * same order. An online order sends the browser to the payment service's page (a guest's payToken
 * kept for the return page first); when the service did not answer, the confirmation page says so
 * and offers «Оплатить». A one-click order is always paid on delivery.
 */
export function usePlaceOrder(onPlaced?: (order: Checkout) => void) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const utils = trpc.useUtils();
  const done = (order: Checkout) => {
    onPlaced?.(order);
    void utils.orders.checkouts.list.invalidate();
    if (order.payment?.payToken) rememberPayToken(order.id, order.payment.payToken);
    if (order.payment?.confirmationUrl) window.location.assign(order.payment.confirmationUrl);
    else void navigate(`/checkout/success/${order.id}`, { state: { order } });
  };
  // A refusal (say, an item sold out meanwhile) shows its message; the basket is read again so
  // that the line at fault is marked.
  const refused = () => void utils.orders.baskets.get.invalidate();
  const signedIn = trpc.orders.checkouts.create.useMutation({ onSuccess: done, onError: refused });
  const direct = trpc.orders.checkouts.direct.useMutation({ onSuccess: done, onError: refused });
  const place = (source: CheckoutSource, values: CheckoutFormValues) => {
    if (!values.consent) return;
    const paymentMethod = 'basketId' in source ? values.paymentMethod : 'onDelivery';
    const { saveAddress, ...input } = { ...source, ...toDeliveryInput(values), paymentMethod, consent: values.consent, idempotencyKey };
    if (user) signedIn.mutate({ ...input, saveAddress: Boolean(saveAddress) && 'address' in input });
    else direct.mutate(input);
  };
  return { place, placing: signedIn.isPending || direct.isPending, error: signedIn.error ?? direct.error };
}
