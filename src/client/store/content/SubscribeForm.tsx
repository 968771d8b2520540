import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { subscribeSchema } from '../../../shared/schemas/content.js';
import { trpc } from '../../trpc';
import { ConsentCheckbox } from '../../ui/ConsentCheckbox';
import { toastSuccess } from '../../ui/toast';

/** «Подписаться на новости»: the letter with the confirmation link goes to the address typed. */
export function SubscribeForm() {
  const form = useForm({ mode: 'uncontrolled', initialValues: { email: '', consent: false }, validate: schemaResolver(subscribeSchema, { sync: true }) });
  const subscribe = trpc.content.subscribers.subscribe.useMutation({
    onSuccess: () => {
      toastSuccess('Вы подписаны!', 'Мы отправили письмо: откройте ссылку в нём, чтобы подтвердить подписку.');
      form.reset();
    },
  });
  const submit = form.onSubmit((values) => {
    if (values.consent) subscribe.mutate({ ...values, consent: values.consent });
  });
  return (
    <Stack gap="xs" component="section" aria-labelledby="subscribe-title" p="lg" bg="blue.0" style={{ borderRadius: 'var(--mantine-radius-lg)' }}>
      <Title order={2} id="subscribe-title" size="h3">
        Подписка на новости
      </Title>
      <Text size="sm">Новинки, скидки и события магазина — не чаще раза в неделю. Отписаться можно по ссылке в любом письме.</Text>
      <form noValidate onSubmit={submit}>
        <Group align="flex-start" gap="sm">
          <TextInput type="email" label="E-mail" placeholder="you@example.ru" autoComplete="email" style={{ flex: 1, minWidth: 220 }} key={form.key('email')} {...form.getInputProps('email')} />
          <Button type="submit" mt={{ base: 0, xs: 25 }} loading={subscribe.isPending}>
            Подписаться
          </Button>
        </Group>
        <ConsentCheckbox mt="sm" key={form.key('consent')} {...form.getInputProps('consent', { type: 'checkbox' })} />
      </form>
    </Stack>
  );
}
