import { Button, Checkbox, Code, CopyButton, Group, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { webhookEventTypes, webhookInputSchema } from '../../../shared/schemas/webhooks.js';
import { routes } from '../../routes';
import { trpc } from '../../trpc';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { toastSuccess } from '../../ui/toast';
import { useTitle } from '../../ui/use-title';
import { loadFormValues } from '../ui/unsaved-changes';
import { FormFrame, FormSection } from '../ui/FormFrame';
import { useStaleGuard } from '../ui/stale-guard';
import { DeliveriesTable } from './DeliveriesTable';
import { eventLabel } from './WebhooksListPage';
import { ignoreToasted, toasted } from '../ui/toasted';

interface WebhookValues {
  url: string;
  description: string;
  events: string[];
  active: boolean;
}

/** /admin/settings/webhooks/create-webhook and /admin/settings/webhooks/{id}: the endpoint, then its deliveries. */
export function WebhookFormPage() {
  const id = Number(useParams()['id'] ?? 0) || null;
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const item = trpc.webhooks.get.useQuery({ webhookId: id ?? 0 }, { enabled: id !== null, meta: { silent: true } });
  const invalidate = () => utils.webhooks.invalidate();
  const create = trpc.webhooks.create.useMutation({ onSuccess: invalidate });
  const update = trpc.webhooks.update.useMutation({ onSuccess: invalidate });
  const remove = trpc.webhooks.delete.useMutation({ onSuccess: invalidate });
  const ping = trpc.webhooks.ping.useMutation({ onSuccess: invalidate });
  const staleGuard = useStaleGuard(item.refetch);
  const [secret, setSecret] = useState<{ id: number; value: string } | null>(null);
  useTitle(id ? `Вебхук #${id}` : 'Новый вебхук');
  const form = useForm<WebhookValues>({
    mode: 'controlled',
    initialValues: { url: 'https://', description: '', events: ['order.placed', 'order.status_changed'], active: true },
    validate: schemaResolver(webhookInputSchema, { sync: true }),
  });
  const loaded = item.data;
  useEffect(() => {
    if (loaded) loadFormValues(form, { url: loaded.url, description: loaded.description, events: loaded.events, active: loaded.active });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load the fetched values once
  }, [loaded]);

  return (
    <Stack gap="xl">
      <FormFrame
        dirty={form.isDirty()}
        title={id ? `Вебхук: ${loaded?.url ?? ''}` : 'Новый вебхук'}
        loading={id !== null && item.isLoading}
        record={id ? item : undefined}
        saving={create.isPending || update.isPending}
        backTo={routes.adminWebhooks}
        maw={720}
        stale={{ active: staleGuard.stale, onReload: () => void staleGuard.reload() }}
        onSubmit={form.onSubmit(toasted(async (values) => {
          const fields = { ...values, events: values.events as Array<(typeof webhookEventTypes)[number]> };
          if (id) {
            await staleGuard.guard(update.mutateAsync({ webhookId: id, ...fields, version: loaded?.version }));
            toastSuccess('Вебхук сохранён');
            return;
          }
          const created = await create.mutateAsync(fields);
          setSecret({ id: created.id, value: created.secret });
        }))}
      >
        <FormSection>
          <TextInput label="Адрес (URL)" description="HTTPS-адрес интеграции, на который магазин отправит POST-запрос" required {...form.getInputProps('url')} />
          <TextInput label="Описание" placeholder="Например: склад, 1С, CRM" {...form.getInputProps('description')} />
          <Checkbox.Group label="События" {...form.getInputProps('events')}>
            <Stack gap={6} mt="xs">
              {webhookEventTypes.map((type) => (
                <Checkbox key={type} value={type} label={`${eventLabel(type)} (${type})`} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Switch label="Включён" {...form.getInputProps('active', { type: 'checkbox' })} />
          {loaded && (
            <Text size="sm">
              Секрет подписи: <Code>{loaded.secretHint}</Code> (полностью показывается только при создании)
            </Text>
          )}
        </FormSection>
      </FormFrame>

      {id !== null && loaded && (
        <Stack gap="sm">
          <Group>
            <Button variant="light" loading={ping.isPending} disabled={!loaded.active} onClick={() => void ping.mutateAsync({ webhookId: id }).then(() => toastSuccess('Проверочное событие отправлено')).catch(ignoreToasted)}>
              Отправить проверку (ping)
            </Button>
            <ConfirmButton
              loading={remove.isPending}
              question="Удалить вебхук вместе с историей доставок?"
              onConfirm={() =>
                void remove
                  .mutateAsync({ webhookId: id })
                  .then(() => {
                    toastSuccess('Вебхук удалён');
                    void navigate(routes.adminWebhooks);
                  })
                  .catch(ignoreToasted)
              }
            >
              Удалить вебхук
            </ConfirmButton>
          </Group>
          <DeliveriesTable webhookId={id} />
        </Stack>
      )}

      <Modal opened={secret !== null} onClose={() => secret && void navigate(`${routes.adminWebhooks}/${secret.id}`)} title="Вебхук создан" centered closeButtonProps={{ 'aria-label': 'Закрыть' }}>
        <Stack>
          <Text size="sm">Сохраните секрет подписи: он показывается только сейчас. Им интеграция проверяет заголовок Webhook-Signature.</Text>
          <Code block style={{ wordBreak: 'break-all' }}>
            {secret?.value}
          </Code>
          <Group justify="space-between">
            <CopyButton value={secret?.value ?? ''}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy}>
                  {copied ? 'Скопировано' : 'Скопировать'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={() => secret && void navigate(`${routes.adminWebhooks}/${secret.id}`)}>Готово</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
