import { Select } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import type { CheckoutFormValues } from './checkout-form';
import { addressValues, useSavedAddresses } from './checkout-prefill';

/** «Адрес из профиля»: with two or more saved addresses, one of them fills the checkout's fields. */
export function SavedAddressPicker({ form }: { form: UseFormReturnType<CheckoutFormValues> }) {
  const { addresses } = useSavedAddresses();
  const [chosen, setChosen] = useState<string | null>(null);
  if (addresses.length < 2) return null;
  const data = addresses.map((address) => ({
    value: String(address.id),
    label: `${address.city}, ${address.address}${address.isDefault ? ' (основной)' : ''}`,
  }));
  const choose = (value: string | null) => {
    setChosen(value);
    const address = addresses.find((item) => String(item.id) === value);
    if (address) form.setValues(addressValues(address));
  };
  return <Select label="Адрес из профиля" placeholder="Выберите адрес" data={data} value={chosen ?? String(addresses[0]?.id ?? '')} onChange={choose} allowDeselect={false} comboboxProps={{ withinPortal: true }} />;
}
