import { Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { checkoutStaffCreateSchema } from '../../../shared/schemas/orders.js';
import { routes } from '../../routes';
import { recipientLastNameSchema } from '../../store/orders/checkout-form';
import { orderToasts } from '../../store/orders/messages';
import { trpc } from '../../trpc';
import { PhoneInput } from '../../ui/PhoneInput';
import { toastSuccess } from '../../ui/toast';
import { useTitle } from '../../ui/use-title';
import { FormFrame, FormSection } from '../ui/FormFrame';
import { OrderItemsField, type PickedItem } from './OrderItemsField';

interface StaffOrderValues {
  userId: number | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: { address: string; city: string; country: string; zipCode: string };
  comment: string;
  items: PickedItem[];
}

const emptyOrder: StaffOrderValues = {
  userId: null,
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: { address: '', city: '', country: 'Россия', zipCode: '' },
  comment: '',
  items: [],
};

const toInput = (values: StaffOrderValues) => ({
  ...values,
  userId: values.userId ?? undefined,
  items: values.items.map(({ variantId, sizeId, quantity }) => ({ variantId, sizeId, quantity })),
});

/** The staff checkout's schema names the fields; its messages are the form's. */
function validate(values: StaffOrderValues): Record<string, string> {
  const parsed = checkoutStaffCreateSchema.extend({ lastName: recipientLastNameSchema }).safeParse(toInput(values));
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

/** /admin/checkouts/create-checkout: an order taken by phone, for a user or for contact details typed in. */
export function CreateCheckoutPage() {
  useTitle('Новый заказ');
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [userSearch, setUserSearch] = useState('');
  const [debouncedUser] = useDebouncedValue(userSearch, 250);
  const users = trpc.accounts.users.list.useQuery({ ...(debouncedUser ? { email: debouncedUser } : {}), limit: 20 });
  const form = useForm<StaffOrderValues>({ mode: 'controlled', initialValues: emptyOrder, validate });
  const create = trpc.orders.checkouts.createByStaff.useMutation({
    onSuccess(order) {
      void utils.orders.checkouts.invalidate();
      toastSuccess(orderToasts.orderCreated, `Заказ № ${order.id}`);
      void navigate(`${routes.adminCheckouts}/${order.id}`);
    },
  });

  const pickUser = (value: string | null) => {
    const user = users.data?.rows.find((row) => String(row.id) === value);
    form.setFieldValue('userId', user?.id ?? null);
    if (user) form.setValues({ firstName: user.firstName, lastName: user.lastName, email: user.email });
  };

  return (
    <FormFrame
      dirty={form.isDirty()}
      title="Новый заказ"
      loading={false}
      saving={create.isPending}
      backTo={routes.adminCheckouts}
      maw={960}
      onSubmit={form.onSubmit((values) => create.mutate({ ...toInput(values), idempotencyKey }))}
    >
      <FormSection title="Покупатель">
        <Select
          label="Пользователь"
          description="Необязательно: заказ без регистрации — просто заполните контакты"
          placeholder="Поиск по e-mail"
          searchable
          clearable
          searchValue={userSearch}
          onSearchChange={setUserSearch}
          filter={({ options }) => options}
          data={(users.data?.rows ?? []).map((row) => ({ value: String(row.id), label: `${row.email} (${[row.firstName, row.lastName].filter(Boolean).join(' ')})` }))}
          value={form.values.userId === null ? null : String(form.values.userId)}
          onChange={pickUser}
          nothingFoundMessage="Никого не найдено"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Имя" withAsterisk {...form.getInputProps('firstName')} />
          <TextInput label="Фамилия" withAsterisk {...form.getInputProps('lastName')} />
          <PhoneInput withAsterisk {...form.getInputProps('phone')} />
          <TextInput label="E-mail" type="email" withAsterisk {...form.getInputProps('email')} />
        </SimpleGrid>
      </FormSection>
      <FormSection title="Доставка">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Город" withAsterisk {...form.getInputProps('address.city')} />
          <TextInput label="Индекс" withAsterisk {...form.getInputProps('address.zipCode')} />
        </SimpleGrid>
        <TextInput label="Адрес" withAsterisk {...form.getInputProps('address.address')} />
        <TextInput label="Страна" withAsterisk {...form.getInputProps('address.country')} />
        <Textarea label="Комментарий к доставке" autosize minRows={2} {...form.getInputProps('comment')} />
      </FormSection>
      <FormSection title="Товары">
        <OrderItemsField items={form.values.items} onChange={(items) => form.setFieldValue('items', items)} error={typeof form.errors['items'] === 'string' ? form.errors['items'] : null} />
      </FormSection>
    </FormFrame>
  );
}
