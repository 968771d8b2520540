import { Text, Textarea, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { helpMessageSchema, type HelpMessageInput, type User } from '../../../shared/schemas/accounts.js';
import { accountMessages } from '../../accounts/messages';
import { trpc } from '../../trpc';
import { SubmitForm } from '../../ui/SubmitForm';
import { toastSuccess } from '../../ui/toast';

/** A message to the help desk, signed with the shopper's name and e-mail. */
export function HelpDeskForm({ user }: { user: User }) {
  const help = trpc.accounts.users.help.useMutation({
    onSuccess() {
      form.reset();
      toastSuccess(accountMessages.helpReceived);
    },
  });
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  const form = useForm<HelpMessageInput>({
    mode: 'uncontrolled',
    initialValues: { name, email: user.email, message: '' },
    validate: schemaResolver(helpMessageSchema, { sync: true }),
  });
  return (
    <SubmitForm framed onSubmit={form.onSubmit((values) => help.mutate(values))} submitLabel="Отправить" submitting={help.isPending}>
      <Title order={4}>Служба поддержки</Title>
      <Text size="sm" c="dimmed">
        Напишите нам, и мы ответим на {user.email}.
      </Text>
      <Textarea label="Сообщение" autosize minRows={3} maxRows={10} withAsterisk key={form.key('message')} {...form.getInputProps('message')} />
    </SubmitForm>
  );
}
