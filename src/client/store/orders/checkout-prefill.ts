import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useRef } from 'react';
import type { Address, Checkout } from '../../../shared/schemas/orders.js';
import { useAuth } from '../../accounts/AuthProvider';
import { trpc } from '../../trpc';
import type { CheckoutFormValues } from './checkout-form';

type Contact = Pick<CheckoutFormValues, 'firstName' | 'lastName' | 'phone' | 'address'>;

/** The contact and delivery fields an address of the profile fills. */
export function addressValues(address: Address): Contact {
  return {
    firstName: address.firstName,
    lastName: address.lastName,
    phone: address.phone,
    address: { address: address.address, city: address.city, country: address.country, zipCode: address.zipCode },
  };
}

/** …and those the last order fills (a pickup order's address is the point's: only the contact). */
function orderValues(order: Checkout): Contact {
  const typed = order.delivery?.kind !== 'pickup' && order.address !== '';
  return {
    firstName: order.firstName,
    lastName: order.lastName,
    phone: order.phone,
    ...(typed ? { address: { address: order.address, city: order.city, country: order.country, zipCode: order.zipCode } } : { address: { address: '', city: '', country: 'Россия', zipCode: '' } }),
  };
}

/**
 * A signed-in shopper's saved addresses (the default first) and their last order: the checkout
 * starts from the default address, else the first, else the last order, else the account —
 * filled once they arrive, never over what the shopper already typed. A failed fetch is silent.
 */
export function useCheckoutPrefill(form: UseFormReturnType<CheckoutFormValues>): void {
  const { user } = useAuth();
  const { saved, addresses } = useSavedAddresses();
  const first = addresses[0];
  const needOrder = user !== null && saved.isSuccess && !first;
  const last = trpc.orders.checkouts.list.useQuery({ limit: 1 }, { enabled: needOrder, meta: { silent: true } });
  const lastOrder = last.data?.rows[0];
  const settled = user !== null && (saved.isSuccess || saved.isError) && (!needOrder || last.isSuccess || last.isError);
  const filled = useRef('');
  const { setValues, isDirty } = form;
  useEffect(() => {
    if (!user || !settled) return;
    const key = `${user.id}:${first?.id ?? ''}:${lastOrder?.id ?? ''}`;
    if (filled.current === key || isDirty()) return;
    filled.current = key;
    const from: Partial<Contact> = first ? addressValues(first) : lastOrder ? orderValues(lastOrder) : {};
    setValues({
      firstName: from.firstName || user.firstName,
      lastName: from.lastName || user.lastName,
      email: user.email,
      phone: from.phone ?? '',
      ...(from.address ? { address: from.address } : {}),
    });
  }, [user, settled, first, lastOrder, setValues, isDirty]);
}

/** A signed-in shopper's addresses, the default first (one query, shared by its readers). */
export function useSavedAddresses() {
  const { user } = useAuth();
  const saved = trpc.orders.addresses.list.useQuery({ limit: 20 }, { enabled: user !== null, meta: { silent: true } });
  const addresses = [...(saved.data?.rows ?? [])].sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
  return { saved, addresses };
}
