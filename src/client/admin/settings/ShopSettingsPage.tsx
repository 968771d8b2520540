import { Alert, Radio, Stack, Switch, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { moderationModeLabels, moderationModes, settingDefaults, shopSettingsSchema, type ModerationMode, type ShopSettings } from '../../../shared/schemas/settings.js';
import { routes } from '../../routes';
import { trpc } from '../../trpc';
import { toastSuccess } from '../../ui/toast';
import { useTitle } from '../../ui/use-title';
import { FormFrame, FormSection } from '../ui/FormFrame';
import { toasted } from '../ui/toasted';

const isModerationMode = (value: string): value is ModerationMode => (moderationModes as readonly string[]).includes(value);

/** /admin/settings/shop: the shop's run-time settings (payment methods, moderation). */
export function ShopSettingsPage() {
  useTitle('Настройки магазина');
  const utils = trpc.useUtils();
  const settings = trpc.settings.get.useQuery({});
  const update = trpc.settings.update.useMutation({ onSuccess: () => utils.settings.invalidate() });
  const form = useForm<ShopSettings>({ mode: 'controlled', initialValues: settingDefaults, validate: schemaResolver(shopSettingsSchema, { sync: true }) });
  const { setValues, resetDirty } = form;
  const loaded = settings.data;
  useEffect(() => {
    if (!loaded) return;
    const { onlinePaymentConfigured: _configured, ...values } = loaded;
    setValues(values);
    resetDirty(values);
  }, [loaded, setValues, resetDirty]);

  return (
    <FormFrame
      dirty={form.isDirty()}
      title="Настройки магазина"
      loading={settings.isLoading}
      record={settings}
      saving={update.isPending}
      backTo={routes.adminSettings}
      maw={720}
      onSubmit={form.onSubmit(toasted(async (values) => {
        await update.mutateAsync(values);
        toastSuccess('Настройки сохранены');
      }))}
    >
      <FormSection title="Оплата">
        <Stack gap="xs">
          <Text size="sm">Оплата при получении доступна всегда.</Text>
          <Switch label="Принимать оплату онлайн (ЮKassa: карты, СБП, SberPay)" {...form.getInputProps('onlinePayment', { type: 'checkbox' })} />
          {loaded && !loaded.onlinePaymentConfigured && (
            <Alert color="yellow" variant="light">
              Платёжный сервис не подключён: задайте YOOKASSA_SHOP_ID и YOOKASSA_SECRET_KEY на сервере. До этого покупатели видят только оплату при получении.
            </Alert>
          )}
        </Stack>
      </FormSection>
      <FormSection title="Модерация отзывов и вопросов">
        <Radio.Group value={form.values.moderation} onChange={(value) => isModerationMode(value) && form.setFieldValue('moderation', value)} error={form.errors['moderation']}>
          <Stack gap="xs">
            {moderationModes.map((mode) => (
              <Radio key={mode} value={mode} label={moderationModeLabels[mode]} />
            ))}
          </Stack>
        </Radio.Group>
      </FormSection>
    </FormFrame>
  );
}
