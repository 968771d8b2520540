import { Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { signupSchema, type SignupInput } from '../../../shared/schemas/accounts.js';
import { ConsentCheckbox, type WithConsent } from '../../ui/ConsentCheckbox';
import { NewPasswordInput } from '../../accounts/NewPasswordInput';
import { useAuth } from '../../accounts/AuthProvider';
import { accountMessages } from '../../accounts/messages';
import { trpc } from '../../trpc';
import { toastSuccess } from '../../ui/toast';

/** Sign-up signs the shopper in at once; the confirmation link goes to the e-mail. */
export function SignUpForm({ onDone }: { onDone: () => void }) {
  const { acceptSession } = useAuth();
  const signup = trpc.accounts.auth.signup.useMutation({
    onSuccess(response) {
      acceptSession(response);
      toastSuccess(accountMessages.signedIn, accountMessages.confirmationSent);
      onDone();
    },
  });
  const form = useForm<WithConsent<SignupInput>>({
    mode: 'uncontrolled',
    initialValues: { firstName: '', lastName: '', email: '', password: '', consent: false },
    validate: schemaResolver(signupSchema, { sync: true }),
  });
  const submit = form.onSubmit((values) => {
    if (values.consent) signup.mutate({ ...values, consent: values.consent });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="Имя" autoComplete="given-name" withAsterisk key={form.key('firstName')} {...form.getInputProps('firstName')} />
        <TextInput label="Фамилия" autoComplete="family-name" key={form.key('lastName')} {...form.getInputProps('lastName')} />
        <TextInput label="E-mail" type="email" autoComplete="email" withAsterisk key={form.key('email')} {...form.getInputProps('email')} />
        <NewPasswordInput label="Пароль" key={form.key('password')} {...form.getInputProps('password')} />
        <ConsentCheckbox key={form.key('consent')} {...form.getInputProps('consent', { type: 'checkbox' })} />
        <Button type="submit" loading={signup.isPending} fullWidth>
          Зарегистрироваться
        </Button>
        <Text size="xs" c="dimmed" ta="center">
          После регистрации мы пришлём письмо со ссылкой для подтверждения e-mail.
        </Text>
      </Stack>
    </form>
  );
}
