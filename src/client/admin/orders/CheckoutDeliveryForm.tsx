import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { deliveryMessages } from '../../../shared/delivery-rules.js';
import { deliveryKindLabels, orderDeliveryUpdateSchema } from '../../../shared/schemas/delivery.js';
import type { Checkout } from '../../../shared/schemas/orders.js';
import { trpc } from '../../trpc';
import { toastSuccess } from '../../ui/toast';

interface DeliveryValues {
  methodId: string | null;
  pointId: string | null;
  address: { address: string; city: string; country: string; zipCode: string };
}

const resolveDelivery = schemaResolver(orderDeliveryUpdateSchema, { sync: true });

/**
 * The staff's «Доставка» of a new order (a one-click order is completed here): the method, the
 * pickup point or the address; orders.checkouts.setDelivery prices it by the shop's rule.
 */
export function CheckoutDeliveryForm({ order, onSaved }: { order: Checkout; onSaved: (saved: Checkout) => void }) {
  const methods = trpc.delivery.methods.all.useQuery({});
  const points = trpc.delivery.pickupPoints.all.useQuery({});
  const save = trpc.orders.checkouts.setDelivery.useMutation({
    onSuccess(saved) {
      onSaved(saved);
      toastSuccess('Доставка заказа сохранена');
    },
  });
  const kindOf = (methodId: string | null) => methods.data?.find((method) => String(method.id) === methodId)?.kind;
  const toInput = (values: DeliveryValues) => {
    const pickup = kindOf(values.methodId) === 'pickup';
    return {
      checkoutId: order.id,
      ...(values.methodId ? { deliveryMethodId: Number(values.methodId) } : {}),
      ...(pickup && values.pointId ? { pickupPointId: Number(values.pointId) } : {}),
      ...(pickup ? {} : { address: values.address }),
    };
  };
  const form = useForm<DeliveryValues>({
    mode: 'controlled',
    initialValues: {
      methodId: order.delivery?.methodId ? String(order.delivery.methodId) : null,
      pointId: order.delivery?.pickupPoint?.id ? String(order.delivery.pickupPoint.id) : null,
      address: { address: order.address, city: order.city, country: order.country || 'Россия', zipCode: order.zipCode },
    },
    validate: (values) => {
      const errors = resolveDelivery(toInput(values));
      if (!values.methodId) errors['methodId'] = deliveryMessages.methodRequired;
      if (kindOf(values.methodId) === 'pickup' && !values.pointId) errors['pointId'] = deliveryMessages.pickupPointRequired;
      return errors;
    },
  });
  const methodOptions = (methods.data ?? [])
    .filter((method) => method.active || String(method.id) === form.values.methodId)
    .map((method) => ({ value: String(method.id), label: `${method.name} (${deliveryKindLabels[method.kind]})` }));
  const pointOptions = (points.data ?? [])
    .filter((point) => point.active || String(point.id) === form.values.pointId)
    .map((point) => ({ value: String(point.id), label: `${point.name} — ${point.city}, ${point.address}` }));
  const pickup = kindOf(form.values.methodId) === 'pickup';

  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(toInput(values)))} noValidate aria-label="Доставка заказа">
      <Stack gap="sm">
        <Select label="Способ доставки" placeholder="Выберите способ" data={methodOptions} withAsterisk allowDeselect={false} {...form.getInputProps('methodId')} />
        {pickup ? (
          <Select label="Пункт самовывоза" placeholder="Выберите пункт" data={pointOptions} withAsterisk allowDeselect={false} {...form.getInputProps('pointId')} />
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput label="Город" {...form.getInputProps('address.city')} />
              <TextInput label="Индекс" inputMode="numeric" {...form.getInputProps('address.zipCode')} />
            </SimpleGrid>
            <TextInput label="Адрес" placeholder="Улица, дом, квартира" {...form.getInputProps('address.address')} />
          </>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Сохранить доставку
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
