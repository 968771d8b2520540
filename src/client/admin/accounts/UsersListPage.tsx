import { Anchor, Badge, Button, Group, SegmentedControl, Select, Stack, Table, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import { roleLabels, roles, type Role } from '../../../shared/schemas/users.js';
import { accountMessages } from '../../auth/messages';
import { routes } from '../../routes';
import { trpc } from '../../trpc';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { toastSuccess } from '../../ui/toast';
import { ListFooter } from '../../ui/ListFooter';
import { usePaging } from '../../ui/use-paging';
import { useTitle } from '../../ui/use-title';

const PAGE_SIZE = 10;
const roleOptions = roles.map((role) => ({ value: role, label: roleLabels[role] }));
const verifiedOptions = [
  { value: 'all', label: 'Все' },
  { value: 'true', label: 'Подтверждён' },
  { value: 'false', label: 'Не подтверждён' },
];

function isRole(value: string | null): value is Role {
  return roles.some((role) => role === value);
}

/** /admin/settings/users: search by e-mail, filters by role and verified flag, paging in the URL. */
export function UsersListPage() {
  useTitle('Пользователи');
  const paging = usePaging(PAGE_SIZE);
  const [params, setParams] = useSearchParams();
  const roleParam = params.get('role');
  const role = isRole(roleParam) ? roleParam : undefined;
  const verified = params.get('verified') === 'true' || params.get('verified') === 'false' ? params.get('verified')! : 'all';
  const setParam = (key: string, value: string | undefined) =>
    setParams((current) => {
      if (value) current.set(key, value);
      else current.delete(key);
      current.delete('page');
      return current;
    });

  const list = trpc.users.list.useQuery({
    ...(paging.filter ? { email: paging.filter } : {}),
    ...(role ? { role } : {}),
    ...(verified !== 'all' ? { isVerified: verified === 'true' } : {}),
    limit: paging.limit,
    offset: paging.offset,
  });
  const utils = trpc.useUtils();
  const remove = trpc.users.delete.useMutation({
    onSuccess() {
      toastSuccess(accountMessages.userDeleted);
      void utils.users.invalidate();
    },
  });
  const onSearch = useDebouncedCallback((value: string) => paging.setFilter(value), 300);

  const rows = list.data?.rows ?? [];
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
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={70}>ID</Table.Th>
              <Table.Th>Имя</Table.Th>
              <Table.Th>E-mail</Table.Th>
              <Table.Th>Роль</Table.Th>
              <Table.Th>E-mail подтверждён</Table.Th>
              <Table.Th w={110} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const name = [row.firstName, row.lastName].filter(Boolean).join(' ') || '—';
              return (
                <Table.Tr key={row.id}>
                  <Table.Td>{row.id}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`${routes.adminUsers}/${row.id}`}>
                      {name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{row.email}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={row.role === 'Admin' ? 'red' : row.role === 'SuperUser' ? 'grape' : 'blue'}>
                      {roleLabels[row.role]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{row.isVerified ? 'Да' : 'Нет'}</Table.Td>
                  <Table.Td>
                    <ConfirmButton
                      size="xs"
                      loading={remove.isPending}
                      aria-label={`Удалить ${row.email}`}
                      question={`Удалить пользователя ${row.email}?`}
                      onConfirm={() => remove.mutate({ userId: row.id })}
                    >
                      Удалить
                    </ConfirmButton>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ListFooter paging={paging} total={list.data?.length} loading={list.isLoading} shownRows={rows.length} emptyText="Никого не найдено" />
    </Stack>
  );
}
