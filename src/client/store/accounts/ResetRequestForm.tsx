import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { resetRequestSchema, type ResetRequestInput } from '../../../shared/schemas/accounts.js';
import { accountMessages } from '../../accounts/messages';
import { trpc } from '../../trpc';
import { toastSuccess } from '../../ui/toast';

/** Asks for a reset link; the answer never tells whether the address is registered. */
export function ResetRequestForm({ onDone }: { onDone: () => void }) {
  const reset = trpc.accounts.auth.reset.useMutation({
    onSuccess() {
      toastSuccess(accountMessages.resetLinkSent);
      onDone();
    },
  });
  const form = useForm<ResetRequestInput>({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaResolver(resetRequestSchema, { sync: true }),
  });
  return (
    <form onSubmit={form.onSubmit((values) => reset.mutate(values))} noValidate>
      <Stack>
        <Text size="sm">Укажите e-mail, с которым вы регистрировались: мы пришлём ссылку для смены пароля. Ссылка действует 1 час.</Text>
        <TextInput label="E-mail" type="email" autoComplete="email" withAsterisk key={form.key('email')} {...form.getInputProps('email')} />
        <Button type="submit" loading={reset.isPending} fullWidth>
          Отправить ссылку
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onDone} ta="center">
          Вернуться ко входу
        </Anchor>
      </Stack>
    </form>
  );
}
