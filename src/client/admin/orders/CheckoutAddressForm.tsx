import { Button, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { checkoutAddressFieldsSchema, type CheckoutAddressFields } from '../../../shared/schemas/orders-staff.js';
import type { Checkout } from '../../../shared/schemas/orders.js';
import { trpc } from '../../trpc';
import { PhoneInput } from '../../ui/PhoneInput';
import { toastSuccess } from '../../ui/toast';

interface CheckoutAddressFormProps {
  order: Checkout;
  onSaved: (saved: Checkout) => void;
  onCancel: () => void;
}

/** The recipient, contacts and address of a New order paid on delivery (orders.checkouts.editAddress). */
export function CheckoutAddressForm({ order, onSaved, onCancel }: CheckoutAddressFormProps) {
  const form = useForm<CheckoutAddressFields>({
    mode: 'controlled',
    initialValues: {
      firstName: order.firstName,
      lastName: order.lastName,
      email: order.email,
      phone: order.phone,
      address: order.address,
      city: order.city,
      country: order.country || 'Россия',
      zipCode: order.zipCode,
      comment: order.comment,
    },
    validate: schemaResolver(checkoutAddressFieldsSchema, { sync: true }),
  });
  const save = trpc.orders.checkouts.editAddress.useMutation({
    onSuccess(saved) {
      onSaved(saved);
      toastSuccess('Адрес и контакты сохранены');
    },
  });
  return (
    <form onSubmit={form.onSubmit((values) => save.mutate({ ...values, checkoutId: order.id, version: order.version }))} noValidate aria-label="Адрес и контакты заказа">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Имя" withAsterisk {...form.getInputProps('firstName')} />
          <TextInput label="Фамилия" {...form.getInputProps('lastName')} />
          <TextInput label="E-mail" type="email" {...form.getInputProps('email')} />
          <PhoneInput withAsterisk {...form.getInputProps('phone')} />
          <TextInput label="Город" withAsterisk {...form.getInputProps('city')} />
          <TextInput label="Индекс" withAsterisk inputMode="numeric" {...form.getInputProps('zipCode')} />
        </SimpleGrid>
        <TextInput label="Адрес" withAsterisk placeholder="Улица, дом, квартира" {...form.getInputProps('address')} />
        <TextInput label="Страна" withAsterisk {...form.getInputProps('country')} />
        <Textarea label="Комментарий" autosize minRows={2} {...form.getInputProps('comment')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Отмена
          </Button>
          <Button type="submit" loading={save.isPending}>
            Сохранить адрес и контакты
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
