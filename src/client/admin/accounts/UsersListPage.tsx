import { Anchor, Badge, Group, SegmentedControl, Select, Stack } from '@mantine/core';
import { Link } from 'react-router-dom';
import { roleLabels, roles, type Role } from '../../../shared/schemas/accounts.js';
import { accountMessages } from '../../accounts/messages';
import { routes } from '../../routes';
import { trpc } from '../../trpc';
import { toastSuccess } from '../../ui/toast';
import { ListFooter } from '../../ui/ListFooter';
import { useListParams, usePaging } from '../../ui/use-paging';
import { useTitle } from '../../ui/use-title';
import { AdminListHeader, AdminSearchInput } from '../ui/AdminListHeader';
import { AdminDeleteButton, AdminRows } from '../ui/AdminRows';

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

  const rows = list.data?.rows ?? [];
  return (
    <Stack>
      <AdminListHeader title="Пользователи" create={{ to: `${routes.adminUsers}/create-user`, label: 'Новый пользователь' }} />
      <Group align="flex-end" gap="sm">
        <AdminSearchInput label="Поиск по e-mail" paging={paging} w={{ base: '100%', xs: 260 }} />
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
      <AdminRows
        rows={rows}
        rowKey={(row) => row.id}
        tableProps={{ striped: true, highlightOnHover: true }}
        card={(row) => ({
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
        })}
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
        ]}
        action={(row) => (
          <AdminDeleteButton name={row.email} question={`Удалить пользователя ${row.email}?`} loading={remove.isPending} onConfirm={() => remove.mutate({ userId: row.id })} />
        )}
      />
      <ListFooter paging={paging} total={list.data?.length} loading={list.isLoading} shownRows={rows.length} emptyText="Никого не найдено" />
    </Stack>
  );
}
