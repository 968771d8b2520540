import { Modal, SimpleGrid, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { phoneSchema } from '../../../shared/phone.js';
import { addressInputSchema, type Address } from '../../../shared/schemas/orders.js';
import type { z } from '../../../shared/zod.js';
import { trpc } from '../../trpc';
import { PhoneInput } from '../../ui/PhoneInput';
import { SubmitForm } from '../../ui/SubmitForm';
import { toastSuccess } from '../../ui/toast';
import { recipientLastNameSchema } from './checkout-form';

/** A saved address as the profile edits it: the shared schema, with the surname and phone the checkout needs. */
const profileAddressSchema = addressInputSchema.extend({ lastName: recipientLastNameSchema, phone: phoneSchema });
type AddressFormValues = z.input<typeof profileAddressSchema>;

const valuesOf = (address: Address | null): AddressFormValues =>
  address
    ? { firstName: address.firstName, lastName: address.lastName, phone: address.phone, city: address.city, zipCode: address.zipCode, address: address.address, country: address.country }
    : { firstName: '', lastName: '', phone: '', city: '', zipCode: '', address: '', country: 'Россия' };

/**
 * «Добавить адрес» or «Изменить»: the recipient, their phone and the address; full screen on a phone.
 * The default is chosen on the cards («Сделать основным»); the first address saved is it.
 */
export function AddressFormModal({ address, onClose }: { address: Address | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  const utils = trpc.useUtils();
  const form = useForm<AddressFormValues>({ mode: 'controlled', initialValues: valuesOf(address), validate: schemaResolver(profileAddressSchema, { sync: true }) });
  const saved = () => {
    void utils.orders.addresses.list.invalidate();
    toastSuccess(address ? 'Адрес изменён' : 'Адрес сохранён');
    onClose();
  };
  const create = trpc.orders.addresses.create.useMutation({ onSuccess: saved });
  const update = trpc.orders.addresses.update.useMutation({ onSuccess: saved });
  const submit = form.onSubmit((values) => {
    if (address) update.mutate({ addressId: address.id, ...values });
    else create.mutate(values);
  });
  return (
    <Modal opened onClose={onClose} title={address ? 'Изменить адрес' : 'Новый адрес'} fullScreen={phone === true} size="lg" closeButtonProps={{ 'aria-label': 'Закрыть' }}>
      <SubmitForm onSubmit={submit} submitLabel="Сохранить" submitting={create.isPending || update.isPending} wideSubmit={phone === true}>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Имя" autoComplete="given-name" withAsterisk {...form.getInputProps('firstName')} />
          <TextInput label="Фамилия" autoComplete="family-name" withAsterisk {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <PhoneInput withAsterisk {...form.getInputProps('phone')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Город" autoComplete="address-level2" withAsterisk {...form.getInputProps('city')} />
          <TextInput label="Индекс" autoComplete="postal-code" inputMode="numeric" withAsterisk {...form.getInputProps('zipCode')} />
        </SimpleGrid>
        <TextInput label="Адрес" autoComplete="street-address" placeholder="Улица, дом, квартира" withAsterisk {...form.getInputProps('address')} />
        <TextInput label="Страна" autoComplete="country-name" withAsterisk {...form.getInputProps('country')} />
      </SubmitForm>
    </Modal>
  );
}
