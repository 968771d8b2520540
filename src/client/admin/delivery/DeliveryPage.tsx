import { Anchor, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { deliveryKindLabels, type DeliveryMethod, type PickupPoint } from '../../../shared/schemas/delivery.js';
import { trpc } from '../../trpc';
import { toastSuccess } from '../../ui/toast';
import { useTitle } from '../../ui/use-title';
import { AdminDeleteButton, AdminRows } from '../ui/AdminRows';
import { priceRuleSummary } from './method-form';
import { deliveryPaths } from './paths';

function ActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge color={active ? 'green' : 'gray'} variant="light">
      {active ? 'Включён' : 'Выключен'}
    </Badge>
  );
}

function SectionHeader({ title, id, addLabel, addTo }: { title: string; id: string; addLabel: string; addTo: string }) {
  return (
    <Group justify="space-between">
      <Title order={3} id={id}>
        {title}
      </Title>
      <Button component={Link} to={addTo} leftSection={<IconPlus size={16} />}>
        {addLabel}
      </Button>
    </Group>
  );
}

function MethodsSection() {
  const utils = trpc.useUtils();
  const list = trpc.delivery.methods.all.useQuery({});
  const remove = trpc.delivery.methods.remove.useMutation({
    onSuccess: (removed) => {
      // A method that orders name stays in their history: it is switched off instead.
      toastSuccess(removed.deactivated ? 'Способ доставки выключен' : 'Способ доставки удалён', removed.deactivated ? 'Он указан в заказах, поэтому не удалён.' : undefined);
      void utils.delivery.invalidate();
    },
  });
  const rows = list.data ?? [];
  const methodLink = (row: DeliveryMethod) => (
    <Anchor component={Link} to={deliveryPaths.method(row.id)}>
      {row.name}
    </Anchor>
  );
  return (
    <Stack component="section" aria-labelledby="delivery-methods">
      <SectionHeader title="Способы доставки" id="delivery-methods" addLabel="Добавить способ" addTo={deliveryPaths.createMethod} />
      {list.isLoading ? (
        <Loader size="sm" />
      ) : rows.length === 0 ? (
        <Text>Способов доставки пока нет: заказы принимаются «по согласованию».</Text>
      ) : (
        <AdminRows
          rows={rows}
          rowKey={(row) => row.id}
          card={(row) => ({
            title: methodLink(row),
            subtitle: deliveryKindLabels[row.kind],
            fields: [
              { label: 'Цена', value: priceRuleSummary(row) },
              { label: 'Срок', value: row.estimate },
              { label: 'Состояние', value: <ActiveBadge active={row.active} /> },
            ],
          })}
          columns={[
            { label: 'Название', render: methodLink },
            { label: 'Вид', render: (row) => deliveryKindLabels[row.kind] },
            { label: 'Цена', render: (row) => <Text size="sm">{priceRuleSummary(row)}</Text> },
            { label: 'Срок', cellStyle: { whiteSpace: 'nowrap' }, render: (row) => row.estimate },
            { label: 'Состояние', width: 130, cellStyle: { whiteSpace: 'nowrap' }, render: (row) => <ActiveBadge active={row.active} /> },
          ]}
          action={(row) => (
            <AdminDeleteButton name={row.name} question={`Удалить способ доставки «${row.name}»?`} loading={remove.isPending} onConfirm={() => remove.mutate({ methodId: row.id })} />
          )}
        />
      )}
    </Stack>
  );
}

function PointsSection() {
  const utils = trpc.useUtils();
  const list = trpc.delivery.pickupPoints.all.useQuery({});
  const remove = trpc.delivery.pickupPoints.remove.useMutation({
    onSuccess: (removed) => {
      toastSuccess(removed.deactivated ? 'Пункт самовывоза выключен' : 'Пункт самовывоза удалён', removed.deactivated ? 'Он указан в заказах, поэтому не удалён.' : undefined);
      void utils.delivery.invalidate();
    },
  });
  const rows = list.data ?? [];
  const pointLink = (row: PickupPoint) => (
    <Anchor component={Link} to={deliveryPaths.point(row.id)}>
      {row.name}
    </Anchor>
  );
  return (
    <Stack component="section" aria-labelledby="pickup-points">
      <SectionHeader title="Пункты самовывоза" id="pickup-points" addLabel="Добавить пункт" addTo={deliveryPaths.createPoint} />
      {list.isLoading ? (
        <Loader size="sm" />
      ) : rows.length === 0 ? (
        <Text>Пунктов самовывоза пока нет.</Text>
      ) : (
        <AdminRows
          rows={rows}
          rowKey={(row) => row.id}
          card={(row) => ({
            title: pointLink(row),
            subtitle: `${row.city}, ${row.address}`,
            fields: [
              { label: 'Часы работы', value: row.hours },
              { label: 'Состояние', value: <ActiveBadge active={row.active} /> },
            ],
          })}
          columns={[
            { label: 'Название', render: pointLink },
            { label: 'Адрес', render: (row) => `${row.city}, ${row.address}` },
            { label: 'Часы работы', render: (row) => <Text size="sm">{row.hours}</Text> },
            { label: 'Состояние', width: 130, cellStyle: { whiteSpace: 'nowrap' }, render: (row) => <ActiveBadge active={row.active} /> },
          ]}
          action={(row) => (
            <AdminDeleteButton name={row.name} question={`Удалить пункт самовывоза «${row.name}»?`} loading={remove.isPending} onConfirm={() => remove.mutate({ pointId: row.id })} />
          )}
        />
      )}
    </Stack>
  );
}

/** /admin/delivery: the shop's delivery methods with their price rules, and its pickup points. */
export function DeliveryPage() {
  useTitle('Доставка');
  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Title order={2}>Доставка</Title>
        <Text size="sm" c="dimmed" maw={720}>
          Покупатель выбирает способ доставки при оформлении заказа; стоимость доставки входит в сумму заказа и больше не меняется.
        </Text>
      </Stack>
      <MethodsSection />
      <PointsSection />
    </Stack>
  );
}
