import { Modal, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { callbackSchema, type CallbackInput } from '../../../shared/schemas/content.js';
import { trpc } from '../../trpc';
import { useDisplayFlags } from '../../ui/display-flags';
import { PhoneInput } from '../../ui/PhoneInput';
import { ConsentCheckbox, type WithConsent } from '../../ui/ConsentCheckbox';
import { SubmitForm } from '../../ui/SubmitForm';
import { toastSuccess } from '../../ui/toast';

/** The order-callback form (display flag `orderCallbackForm`): a name and a phone the shop calls back. */
export default function CallbackForm() {
  const { flags, hide } = useDisplayFlags();
  const form = useForm<WithConsent<CallbackInput>>({ mode: 'uncontrolled', initialValues: { name: '', phone: '', comment: '', consent: false }, validate: schemaResolver(callbackSchema, { sync: true }) });
  const callback = trpc.content.subscribers.callback.useMutation({
    onSuccess: () => {
      toastSuccess('Заявка на звонок принята', 'Мы перезвоним вам в рабочее время.');
      form.reset();
      hide('orderCallbackForm');
    },
  });
  const submit = form.onSubmit((values) => {
    if (values.consent) callback.mutate({ ...values, consent: values.consent });
  });
  return (
    <Modal opened={flags.orderCallbackForm === 'flex'} onClose={() => hide('orderCallbackForm')} title="Заказать обратный звонок" centered>
      <SubmitForm wideSubmit onSubmit={submit} submitLabel="Жду звонка" submitting={callback.isPending}>
        <Text size="sm">Оставьте телефон — менеджер перезвонит и поможет с заказом.</Text>
        <TextInput label="Имя" autoComplete="name" withAsterisk key={form.key('name')} {...form.getInputProps('name')} />
        <PhoneInput withAsterisk key={form.key('phone')} {...form.getInputProps('phone')} />
        <Textarea label="Комментарий" autosize minRows={2} key={form.key('comment')} {...form.getInputProps('comment')} />
        <ConsentCheckbox key={form.key('consent')} {...form.getInputProps('consent', { type: 'checkbox' })} />
      </SubmitForm>
    </Modal>
  );
}
