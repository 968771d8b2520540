import { Anchor, Button, Checkbox, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconDownload, IconPlus, IconSearch } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatRubles } from '../../../shared/money.js';
import { checkoutStatuses, checkoutStatusLabels, type Checkout, type CheckoutStatus } from '../../../shared/schemas/orders.js';
import { paymentStatuses, paymentStatusLabels, type PaymentStatus } from '../../../shared/schemas/payments.js';
import { routes } from '../../routes';
import { OrderStatusBadge } from '../../store/orders/OrderStatusBadge';
import { trpc } from '../../trpc';
import { ListFooter } from '../../ui/ListFooter';
import { useListParams, usePaging } from '../../ui/use-paging';
import { useTitle } from '../../ui/use-title';
import { AdminRowCards } from '../ui/AdminRowCards';
import { CallbackBadge } from './CallbackMark';
import { customerName, formatDateTime } from './format';
import { AdminTable } from '../ui/AdminTable';
import { CheckoutsBulkBar } from './CheckoutsBulkBar';
import { downloadOrdersCsv } from './orders-export';

const PAGE_SIZE = 20;
const statusOptions = checkoutStatuses.map((status) => ({ value: status, label: checkoutStatusLabels[status] }));
const isStatus = (value: string | null): value is CheckoutStatus => checkoutStatuses.some((status) => status === value);
const paymentOptions = paymentStatuses.map((status) => ({ value: status, label: paymentStatusLabels[status] }));
const isPaymentStatus = (value: string | null): value is PaymentStatus => paymentStatuses.some((status) => status === value);
const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * /admin/checkouts: every order, filtered by status, payment state, date and customer, paged in the URL; rows
 * selected for a bulk status change; the filtered orders exported as CSV.
 */
export function CheckoutsListPage() {
  useTitle('Заказы');
  const paging = usePaging(PAGE_SIZE);
  const [params, setParam] = useListParams();
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const paymentParam = params.get('payment');
  const paymentStatus = isPaymentStatus(paymentParam) ? paymentParam : undefined;
  const from = params.get('from');
  const to = params.get('to');
  const callback = params.get('callback') === '1';
  const onSearch = useDebouncedCallback((value: string) => paging.setFilter(value), 300);

  const [selected, setSelected] = useState<number[]>([]);
  // Days are the admin's own: from the start of the first to the end of the last.
  const range = {
    ...(isDay(from) ? { createdFrom: new Date(`${from}T00:00:00`) } : {}),
    ...(isDay(to) ? { createdTo: new Date(`${to}T23:59:59.999`) } : {}),
  };
  const list = trpc.orders.checkouts.all.useQuery(
    {
      ...(status ? { status } : {}),
      ...range,
      ...(paging.filter ? { customer: paging.filter } : {}),
      ...(callback ? { callbackPending: true } : {}),
      ...(paymentStatus ? { paymentStatus } : {}),
      limit: paging.limit,
      offset: paging.offset,
    },
    { placeholderData: keepPreviousData },
  );
  const rows = list.data?.rows ?? [];
  const toggle = (id: number, on: boolean) => setSelected((current) => (on ? [...current, id] : current.filter((other) => other !== id)));
  const allShown = rows.length > 0 && rows.every((row) => selected.includes(row.id));
  const pick = (row: Checkout) => (
    <Checkbox aria-label={`Выбрать заказ № ${row.id}`} checked={selected.includes(row.id)} onChange={(event) => toggle(row.id, event.currentTarget.checked)} />
  );
  const link = (row: Checkout) => (
    <Anchor component={Link} to={`${routes.adminCheckouts}/${row.id}`} fw={600}>
      Заказ № {row.id}
    </Anchor>
  );

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Заказы</Title>
        <Group gap="sm">
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => void downloadOrdersCsv({ ...range, ...(status ? { status } : {}) })}>
            Выгрузить CSV
          </Button>
          <Button component={Link} to={`${routes.adminCheckouts}/create-checkout`} leftSection={<IconPlus size={16} />}>
            Новый заказ
          </Button>
        </Group>
      </Group>
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Покупатель"
          placeholder="Имя, e-mail или телефон"
          leftSection={<IconSearch size={16} />}
          defaultValue={paging.filter}
          onChange={(event) => onSearch(event.currentTarget.value)}
          w={{ base: '100%', xs: 260 }}
        />
        <Select label="Статус" placeholder="Все статусы" data={statusOptions} value={status ?? null} onChange={(value) => setParam('status', value ?? undefined)} clearable w={{ base: '100%', xs: 180 }} />
        <Select
          label="Оплата"
          placeholder="Любая оплата"
          data={paymentOptions}
          value={paymentStatus ?? null}
          onChange={(value) => setParam('payment', value ?? undefined)}
          clearable
          w={{ base: '100%', xs: 200 }}
        />
        <TextInput label="С даты" type="date" value={isDay(from) ? from : ''} onChange={(event) => setParam('from', event.currentTarget.value || undefined)} w={{ base: '47%', xs: 160 }} />
        <TextInput label="По дату" type="date" value={isDay(to) ? to : ''} onChange={(event) => setParam('to', event.currentTarget.value || undefined)} w={{ base: '47%', xs: 160 }} />
        <Checkbox label="Ждут звонка («Перезвонить»)" checked={callback} onChange={(event) => setParam('callback', event.currentTarget.checked ? '1' : undefined)} mb={8} />
      </Group>
      <Group justify="space-between" align="flex-end">
        <Checkbox
          label="Выбрать все на странице"
          checked={allShown}
          indeterminate={!allShown && rows.some((row) => selected.includes(row.id))}
          onChange={(event) => setSelected(event.currentTarget.checked ? [...new Set([...selected, ...rows.map((row) => row.id)])] : selected.filter((id) => !rows.some((row) => row.id === id)))}
        />
        <CheckoutsBulkBar selected={selected} onDone={() => setSelected([])} />
      </Group>
      <AdminRowCards
        rows={rows.map((row) => ({
          key: row.id,
          title: (
            <Group gap="xs">
              {pick(row)}
              {link(row)}
            </Group>
          ),
          subtitle: formatDateTime(row.createdAt),
          fields: [
            { label: 'Покупатель', value: customerName(row) },
            { label: 'Телефон', value: row.phone },
            { label: 'Сумма', value: formatRubles(row.totalAmount) },
            { label: 'Оплата', value: paymentStatusLabels[row.paymentStatus] },
            {
              label: 'Статус',
              value: (
                <Group gap={4}>
                  <OrderStatusBadge status={row.status} />
                  <CallbackBadge order={row} />
                </Group>
              ),
            },
          ],
        }))}
      />
      <AdminTable
        rows={rows}
        rowKey={(row) => row.id}
        minWidth={840}
        desktopOnly
        tableProps={{ striped: true, highlightOnHover: true, verticalSpacing: 'xs' }}
        columns={[
          { ariaLabel: 'Выбор', width: 40, render: pick },
          { label: 'Заказ', render: link },
          { label: 'Дата', render: (row) => formatDateTime(row.createdAt) },
          {
            label: 'Покупатель',
            render: (row) => (
              <>
                <Text size="sm">{customerName(row)}</Text>
                <Text size="xs" c="dimmed">
                  {row.email} · {row.phone}
                </Text>
              </>
            ),
          },
          { label: 'Товаров', render: (row) => row.totalQuantity },
          { label: 'Сумма', cellStyle: { whiteSpace: 'nowrap' }, render: (row) => formatRubles(row.totalAmount) },
          { label: 'Оплата', render: (row) => paymentStatusLabels[row.paymentStatus] },
          {
            label: 'Статус',
            render: (row) => (
              <Group gap={4}>
                <OrderStatusBadge status={row.status} />
                <CallbackBadge order={row} />
              </Group>
            ),
          },
        ]}
      />
      <ListFooter paging={paging} total={list.data?.length} loading={list.isLoading} shownRows={rows.length} emptyText="Заказов не найдено" />
    </Stack>
  );
}
