import { Alert, Anchor, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Product, Variant } from '../../../shared/schemas/catalogue.js';
import { oneClickFormSchema } from '../../../shared/schemas/one-click.js';
import { formatRubles } from '../../../shared/money.js';
import { useAuth } from '../../accounts/AuthProvider';
import { trpc } from '../../trpc';
import { ConsentCheckbox } from '../../ui/ConsentCheckbox';
import { PhoneInput } from '../../ui/PhoneInput';

interface OneClickModalProps {
  product: Product;
  variant: Variant;
  sizeId: number | null;
  onClose: () => void;
}

interface OneClickValues {
  firstName: string;
  phone: string;
  consent: boolean;
}

/** The status page's path from the answer's absolute `statusUrl`. */
const statusPath = (statusUrl: string): string => new URL(statusUrl, window.location.origin).pathname;

/**
 * «Купить в 1 клик» in one step: the item, a name and a phone, the consent; the shop calls back to
 * confirm and completes the delivery. One key per opened form: a repeated submit gives the same order.
 */
export default function OneClickModal({ product, variant, sizeId, onClose }: OneClickModalProps) {
  const { user } = useAuth();
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const form = useForm<OneClickValues>({ mode: 'controlled', initialValues: { firstName: '', phone: '', consent: false }, validate: schemaResolver(oneClickFormSchema, { sync: true }) });
  const utils = trpc.useUtils();
  const place = trpc.orders.checkouts.oneClick.useMutation({ onSuccess: () => void utils.orders.checkouts.list.invalidate() });
  const size = product.sizes.find((item) => item.id === sizeId);
  // A signed-in shopper's name from the account, the phone from their last order.
  const lastOrder = trpc.orders.checkouts.list.useQuery({ limit: 1 }, { enabled: user !== null, meta: { silent: true } });
  const lastPhone = lastOrder.data?.rows[0]?.phone ?? '';
  const { setValues, isDirty } = form;
  useEffect(() => {
    if (user && !isDirty()) setValues({ firstName: user.firstName, phone: lastPhone });
  }, [user, lastPhone, setValues, isDirty]);

  const submit = (values: OneClickValues) => {
    if (!values.consent) return;
    place.mutate({ variantId: variant.id, sizeId, quantity: 1, firstName: values.firstName, phone: values.phone, consent: true, idempotencyKey });
  };
  const order = place.data;

  return (
    <Modal opened onClose={onClose} title="Купить в 1 клик" size="md" fullScreen={phone} closeButtonProps={{ 'aria-label': 'Закрыть' }}>
      {order ? (
        <Stack>
          <Alert color="green" role="status">
            Заказ № {order.id} принят. Мы перезвоним вам в ближайшее время для подтверждения.
          </Alert>
          {order.statusUrl ? (
            <Text size="sm">
              Статус заказа всегда можно посмотреть по ссылке:{' '}
              <Anchor component={Link} to={statusPath(order.statusUrl)} onClick={onClose}>
                страница заказа № {order.id}
              </Anchor>
              . Сохраните её — другой ссылки не будет.
            </Text>
          ) : (
            <Text size="sm">
              Заказ появится в{' '}
              <Anchor component={Link} to="/profile" onClick={onClose}>
                личном кабинете
              </Anchor>
              .
            </Text>
          )}
          <Button onClick={onClose} w="fit-content">
            Понятно
          </Button>
        </Stack>
      ) : (
        <form onSubmit={form.onSubmit(submit)} noValidate>
          <Stack>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={500}>
                {product.name}
                {variant.color ? `, ${variant.color.name}` : ''}
                {size ? `, размер ${size.name}` : ''}
              </Text>
              <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
                {formatRubles(variant.price)}
              </Text>
            </Group>
            <Text size="sm" c="dimmed">
              Оставьте имя и телефон — мы перезвоним, уточним адрес и способ доставки.
            </Text>
            <TextInput label="Имя" autoComplete="given-name" withAsterisk data-autofocus {...form.getInputProps('firstName')} />
            <PhoneInput withAsterisk {...form.getInputProps('phone')} />
            <ConsentCheckbox {...form.getInputProps('consent', { type: 'checkbox' })} />
            <Button type="submit" size="md" loading={place.isPending}>
              Заказать
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
