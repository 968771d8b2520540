import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { z } from '../../../shared/zod.js';
import { checkoutDirectSchema, deliveryInputSchema, type Checkout } from '../../../shared/schemas/orders.js';
import { lastNameSchema } from '../../../shared/schemas/accounts.js';
import { useAuth } from '../../accounts/AuthProvider';
import { trpc } from '../../trpc';
import type { WithConsent } from '../../ui/ConsentCheckbox';
import type { BasketItem } from './use-basket';

/** A recipient's surname: the account's rules, and not empty. */
export const recipientLastNameSchema = lastNameSchema.refine((value) => value !== '', 'Укажите фамилию');

/** The checkout form: the direct checkout's contact fields with the address typed in. */
export const checkoutFormSchema = checkoutDirectSchema.pick({ firstName: true, email: true, phone: true, comment: true, consent: true }).extend({
  // The server refuses an order without a surname («Укажите имя, фамилию и e-mail получателя.»).
  lastName: recipientLastNameSchema,
  address: deliveryInputSchema,
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
};

/**
 * The form, filled from the account and the user's first address (only the first
 * address is read; a failed address fetch is silent) as soon as they arrive, unless already typed in.
 */
export function useCheckoutForm() {
  const { user } = useAuth();
  const form = useForm<CheckoutFormValues>({ mode: 'controlled', initialValues: emptyValues, validate: schemaResolver(checkoutFormSchema, { sync: true }) });
  const firstAddress = trpc.orders.addresses.list.useQuery({ limit: 1 }, { enabled: user !== null, meta: { silent: true } });
  const address = firstAddress.data?.rows[0];
  const filled = useRef<string>('');
  const { setValues, isDirty } = form;
  useEffect(() => {
    const key = `${user?.id ?? ''}:${address?.id ?? ''}`;
    if (!user || filled.current === key || isDirty()) return;
    filled.current = key;
    setValues({
      firstName: address?.firstName || user.firstName,
      lastName: address?.lastName || user.lastName,
      email: user.email,
      phone: address?.phone ?? '',
      ...(address ? { address: { address: address.address, city: address.city, country: address.country, zipCode: address.zipCode } } : {}),
    });
  }, [user, address, setValues, isDirty]);
  return form;
}

/** What is being bought: the basket, or one variant and size (one-click). */
export type CheckoutSource = { basketId: string } | { oneClick: BasketItem };

/**
 * Places the order: POST /checkouts for a signed-in shopper, POST /checkouts/direct otherwise.
 * One key per form: a repeated submit (a double click, a retry after a lost answer) gives the
 * same order.
 */
export function usePlaceOrder(onPlaced?: (order: Checkout) => void) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const utils = trpc.useUtils();
  const done = (order: Checkout) => {
    onPlaced?.(order);
    void utils.orders.checkouts.list.invalidate();
    void navigate(`/checkout/success/${order.id}`, { state: { order } });
  };
  // A refusal (say, an item sold out meanwhile) shows its message; the basket is read again so
  // that the line at fault is marked.
  const refused = () => void utils.orders.baskets.get.invalidate();
  const signedIn = trpc.orders.checkouts.create.useMutation({ onSuccess: done, onError: refused });
  const direct = trpc.orders.checkouts.direct.useMutation({ onSuccess: done, onError: refused });
  const place = (source: CheckoutSource, values: CheckoutFormValues) => {
    if (!values.consent) return;
    const input = { ...source, ...values, consent: values.consent, idempotencyKey };
    if (user) signedIn.mutate(input);
    else direct.mutate(input);
  };
  return { place, placing: signedIn.isPending || direct.isPending, error: signedIn.error ?? direct.error };
}
