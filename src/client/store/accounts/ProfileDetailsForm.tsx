import { Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { profileSchema, type ProfileInput, type User } from '../../../shared/schemas/accounts.js';
import { useAuth } from '../../accounts/AuthProvider';
import { accountMessages } from '../../accounts/messages';
import { PersonFields } from '../../accounts/PersonFields';
import { trpc } from '../../trpc';
import { SubmitForm } from '../../ui/SubmitForm';
import { toastSuccess } from '../../ui/toast';

const profileValues = (from: User): ProfileInput => ({ firstName: from.firstName, lastName: from.lastName, email: from.email });

/** Names and e-mail; a changed e-mail has to be confirmed again. */
export function ProfileDetailsForm({ user }: { user: User }) {
  const { setUser } = useAuth();
  const form = useForm<ProfileInput>({
    mode: 'controlled',
    initialValues: profileValues(user),
    validate: schemaResolver(profileSchema, { sync: true }),
  });
  const update = trpc.accounts.users.update.useMutation({
    onSuccess(updated) {
      const emailChanged = updated.email !== user.email;
      setUser(updated);
      form.resetDirty(profileValues(updated));
      toastSuccess(accountMessages.profileUpdated);
      if (emailChanged) toastSuccess(accountMessages.confirmationSent);
    },
  });
  return (
    <SubmitForm
      framed
      onSubmit={form.onSubmit((input) => update.mutate({ userId: user.id, ...input }))}
      submitLabel="Сохранить"
      submitting={update.isPending}
      submitDisabled={!form.isDirty()}
    >
      <Title order={4}>Мои данные</Title>
      <PersonFields form={form} ownDetails />
    </SubmitForm>
  );
}
