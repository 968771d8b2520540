import { Button, Group, Loader, Select, Stack, Switch, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { roleLabels, roles, userCreateSchema, userUpdateSchema, type Role } from '../../../shared/schemas/accounts.js';
import { useAuth } from '../../accounts/AuthProvider';
import { accountMessages } from '../../accounts/messages';
import { NewPasswordInput } from '../../accounts/NewPasswordInput';
import { PersonFields } from '../../accounts/PersonFields';
import { routes } from '../../routes';
import { trpc } from '../../trpc';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { SubmitForm } from '../../ui/SubmitForm';
import { toastSuccess } from '../../ui/toast';
import { useTitle } from '../../ui/use-title';
import { AdminNotFound } from '../ui/AdminNotFound';
import { StaleRecordAlert } from '../ui/FormFrame';
import { isMissingRecord } from '../ui/record-query';
import { useStaleGuard } from '../ui/stale-guard';

interface UserFormValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  role: Role;
  isVerified: boolean;
}

const roleOptions = roles.map((role) => ({ value: role, label: roleLabels[role] }));

/** /admin/settings/users/create-user (with a password) and /admin/settings/users/{id}. */
export function UserFormPage() {
  const params = useParams();
  const id = params['id'] ? Number(params['id']) : null;
  const navigate = useNavigate();
  const { user: me, setUser } = useAuth();
  const utils = trpc.useUtils();
  const item = trpc.accounts.users.get.useQuery({ userId: id ?? 0 }, { enabled: Boolean(id), meta: { silent: true } });
  const create = trpc.accounts.users.create.useMutation({ onSuccess: () => utils.accounts.users.invalidate() });
  const update = trpc.accounts.users.update.useMutation({ onSuccess: () => utils.accounts.users.invalidate() });
  const remove = trpc.accounts.users.delete.useMutation({ onSuccess: () => utils.accounts.users.invalidate() });
  const staleGuard = useStaleGuard(item.refetch);
  useTitle(id ? `Пользователь #${id}` : 'Новый пользователь');

  const form = useForm<UserFormValues>({
    mode: 'controlled',
    initialValues: { firstName: '', lastName: '', email: '', password: '', role: 'User', isVerified: false },
    validate: schemaResolver(id ? userUpdateSchema : userCreateSchema, { sync: true }),
  });

  const loaded = item.data;
  useEffect(() => {
    if (loaded) form.setValues({ firstName: loaded.firstName, lastName: loaded.lastName, email: loaded.email, role: loaded.role, isVerified: loaded.isVerified });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load the fetched values once
  }, [loaded]);

  if (id && item.isLoading) return <Loader />;
  if (id && isMissingRecord(item)) return <AdminNotFound what="Запись" backTo={routes.adminUsers} backLabel="К списку" />;

  const save = async ({ password, ...fields }: UserFormValues) => {
    if (id) {
      const updated = await staleGuard.guard(update.mutateAsync({ userId: id, ...fields, version: loaded?.version }));
      if (updated.id === me?.id) setUser(updated);
      toastSuccess(accountMessages.userUpdated);
    } else {
      await create.mutateAsync({ ...fields, password });
      toastSuccess(accountMessages.userCreated);
    }
    void navigate(routes.adminUsers);
  };

  return (
    <Stack maw={560}>
      <Group justify="space-between">
        <Title order={2}>{id ? `Пользователь: ${loaded?.email ?? ''}` : 'Новый пользователь'}</Title>
        {id && (
          <ConfirmButton
            question="Удалить этого пользователя?"
            loading={remove.isPending}
            onConfirm={() =>
              remove.mutate(
                { userId: id },
                {
                  onSuccess() {
                    toastSuccess(accountMessages.userDeleted);
                    void navigate(routes.adminUsers);
                  },
                },
              )
            }
          >
            Удалить
          </ConfirmButton>
        )}
      </Group>
      {staleGuard.stale && <StaleRecordAlert onReload={() => void staleGuard.reload()} />}
      <SubmitForm
        framed
        onSubmit={form.onSubmit((values) => void save(values).catch(() => undefined))}
        submitLabel="Сохранить"
        submitting={create.isPending || update.isPending}
        submitDisabled={staleGuard.stale}
        otherActions={
          <Button variant="default" onClick={() => void navigate(routes.adminUsers)}>
            Отмена
          </Button>
        }
      >
        <PersonFields form={form} />
        {!id && <NewPasswordInput label="Пароль" {...form.getInputProps('password')} />}
        <Select label="Роль" data={roleOptions} allowDeselect={false} withAsterisk {...form.getInputProps('role')} />
        <Switch label="E-mail подтверждён" {...form.getInputProps('isVerified', { type: 'checkbox' })} />
      </SubmitForm>
    </Stack>
  );
}
