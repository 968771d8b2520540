import { Anchor, Badge, Button, Group, SegmentedControl, Select, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { roleLabels, roles, type Role } from '../../../shared/schemas/accounts.js';
import { accountMessages } from '../../accounts/messages';
import { routes } from '../../routes';
import { trpc } from '../../trpc';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { toastSuccess } from '../../ui/toast';
import { ListFooter } from '../../ui/ListFooter';
import { useListParams, usePaging } from '../../ui/use-paging';
import { useTitle } from '../../ui/use-title';
import { AdminRowCards } from '../ui/AdminRowCards';
import { AdminTable } from '../ui/AdminTable';

const PAGE_SIZE = 10;
const roleOptions = roles.map((role) => ({ value: role, label: roleLabels[role] }));
const verifiedOptions = [
  { value: 'all', label: 'Все' },
  { value: 'true', label: 'Подтверждён' },
  { value: 'false', label: 'Не подтверждён' },
];

function fullName(user: { firstName: string; lastName: string }): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || '—';
}

function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge variant="light" color={role === 'Admin' ? 'red' : role === 'SuperUser' ? 'grape' : 'blue'}>
      {roleLabels[role]}
    </Badge>
  );
}

function isRole(value: string | null): value is Role {
  return roles.some((role) => role === value);
}

/** /admin/settings/users: search by e-mail, filters by role and verified flag, paging in the URL. */
export function UsersListPage() {
  useTitle('Пользователи');
  const paging = usePaging(PAGE_SIZE);
  const [params, setParam] = useListParams();
  const roleParam = params.get('role');
  const role = isRole(roleParam) ? roleParam : undefined;
  const verified = params.get('verified') === 'true' || params.get('verified') === 'false' ? params.get('verified')! : 'all';

  const list = trpc.accounts.users.list.useQuery({
    ...(paging.filter ? { email: paging.filter } : {}),
    ...(role ? { role } : {}),
    ...(verified !== 'all' ? { isVerified: verified === 'true' } : {}),
    limit: paging.limit,
    offset: paging.offset,
  });
  const utils = trpc.useUtils();
  const remove = trpc.accounts.users.delete.useMutation({
    onSuccess() {
      toastSuccess(accountMessages.userDeleted);
      void utils.accounts.users.invalidate();
    },
  });
  const onSearch = useDebouncedCallback((value: string) => paging.setFilter(value), 300);

  const rows = list.data?.rows ?? [];
  const deleteButton = (row: { id: number; email: string }) => (
    <ConfirmButton
      size="xs"
      loading={remove.isPending}
      aria-label={`Удалить ${row.email}`}
      question={`Удалить пользователя ${row.email}?`}
      onConfirm={() => remove.mutate({ userId: row.id })}
    >
      Удалить
    </ConfirmButton>
  );
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Пользователи</Title>
        <Button component={Link} to={`${routes.adminUsers}/create-user`} leftSection={<IconPlus size={16} />}>
          Новый пользователь
        </Button>
      </Group>
      <Group align="flex-end" gap="sm">
        <TextInput
          placeholder="Поиск по e-mail"
          aria-label="Поиск по e-mail"
          leftSection={<IconSearch size={16} />}
          defaultValue={paging.filter}
          onChange={(event) => onSearch(event.currentTarget.value)}
          w={{ base: '100%', xs: 260 }}
        />
        <Select
          aria-label="Роль"
          placeholder="Все роли"
          data={roleOptions}
          value={role ?? null}
          onChange={(value) => setParam('role', value ?? undefined)}
          clearable
          w={{ base: '100%', xs: 200 }}
        />
        <SegmentedControl
          aria-label="Подтверждение e-mail"
          data={verifiedOptions}
          value={verified}
          onChange={(value) => setParam('verified', value === 'all' ? undefined : value)}
        />
      </Group>
      <AdminRowCards
        rows={rows.map((row) => ({
          key: row.id,
          title: (
            <Anchor component={Link} to={`${routes.adminUsers}/${row.id}`} fw={600}>
              {fullName(row)}
            </Anchor>
          ),
          subtitle: row.email,
          fields: [
            { label: 'Роль', value: <RoleBadge role={row.role} /> },
            { label: 'E-mail подтверждён', value: row.isVerified ? 'Да' : 'Нет' },
          ],
          action: deleteButton(row),
        }))}
      />
      <AdminTable
        rows={rows}
        rowKey={(row) => row.id}
        minWidth={640}
        desktopOnly
        tableProps={{ striped: true, highlightOnHover: true }}
        columns={[
          { label: 'ID', width: 70, render: (row) => row.id },
          {
            label: 'Имя',
            render: (row) => (
              <Anchor component={Link} to={`${routes.adminUsers}/${row.id}`}>
                {fullName(row)}
              </Anchor>
            ),
          },
          { label: 'E-mail', render: (row) => row.email },
          { label: 'Роль', render: (row) => <RoleBadge role={row.role} /> },
          { label: 'E-mail подтверждён', render: (row) => (row.isVerified ? 'Да' : 'Нет') },
          { width: 110, render: deleteButton },
        ]}
      />
      <ListFooter paging={paging} total={list.data?.length} loading={list.isLoading} shownRows={rows.length} emptyText="Никого не найдено" />
    </Stack>
  );
}
