import { Checkbox, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { PhoneInput } from '../../ui/PhoneInput';
import type { ReactNode } from 'react';
import { useAuth } from '../../accounts/AuthProvider';
import type { CheckoutFormValues } from './checkout-form';
import { SavedAddressPicker } from './SavedAddressPicker';

/**
 * Contact and delivery fields of the checkout and of the one-click form; `delivery` (the checkout's
 * choice of method) goes between them. A pickup needs no address: its fields are hidden.
 */
export function CheckoutFields({ form, withComment = true, delivery }: { form: UseFormReturnType<CheckoutFormValues>; withComment?: boolean; delivery?: ReactNode }) {
  const pickup = form.values.deliveryKind === 'pickup';
  const { user } = useAuth();
  return (
    <Stack gap="lg">
      <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
        <Title order={2} size="h4" component="legend" mb="xs">
          Контактные данные
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Имя" autoComplete="given-name" withAsterisk {...form.getInputProps('firstName')} />
          <TextInput label="Фамилия" autoComplete="family-name" withAsterisk {...form.getInputProps('lastName')} />
          <PhoneInput withAsterisk {...form.getInputProps('phone')} />
          <TextInput label="E-mail" type="email" autoComplete="email" withAsterisk description="Пришлём подтверждение заказа" {...form.getInputProps('email')} />
        </SimpleGrid>
      </Stack>
      {delivery}
      {pickup && withComment && <Textarea label="Комментарий к заказу" autosize minRows={2} maxRows={6} {...form.getInputProps('comment')} />}
      <Stack gap="sm" component="fieldset" display={pickup ? 'none' : undefined} style={{ border: 0, padding: 0, margin: 0 }}>
        <Title order={2} size="h4" component="legend" mb="xs">
          Адрес доставки
        </Title>
        {user && <SavedAddressPicker form={form} />}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Город" autoComplete="address-level2" withAsterisk {...form.getInputProps('address.city')} />
          <TextInput label="Индекс" autoComplete="postal-code" inputMode="numeric" withAsterisk {...form.getInputProps('address.zipCode')} />
        </SimpleGrid>
        <TextInput label="Адрес" autoComplete="street-address" placeholder="Улица, дом, квартира" withAsterisk {...form.getInputProps('address.address')} />
        <TextInput label="Страна" autoComplete="country-name" withAsterisk {...form.getInputProps('address.country')} />
        {user && <Checkbox label="Сохранить адрес в профиле" {...form.getInputProps('saveAddress', { type: 'checkbox' })} />}
        {withComment && !pickup && (
          <Textarea label="Комментарий к доставке" placeholder="Код домофона, удобное время" autosize minRows={2} maxRows={6} {...form.getInputProps('comment')} />
        )}
      </Stack>
    </Stack>
  );
}
