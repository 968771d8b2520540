import { NumberInput, Select, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { deliveryKindLabels, deliveryKinds, type DeliveryKind } from '../../../shared/schemas/delivery.js';
import { trpc } from '../../trpc';
import { toastSuccess } from '../../ui/toast';
import { useTitle } from '../../ui/use-title';
import { AdminNotFound } from '../ui/AdminNotFound';
import { loadFormValues } from '../ui/unsaved-changes';
import { FormFrame, FormSection } from '../ui/FormFrame';
import { useStaleGuard } from '../ui/stale-guard';
import { emptyMethod, emptyZone, methodToValues, toMethodInput, validateMethod, type MethodValues } from './method-form';
import { deliveryPaths } from './paths';
import { daysProps, moneyProps, ZonesField } from './ZonesField';
import { toasted } from '../ui/toasted';

const kindOptions = deliveryKinds.map((kind) => ({ value: kind, label: deliveryKindLabels[kind] }));

/** /admin/delivery/methods/create-method and /admin/delivery/methods/{id}: a method with its price rule. */
export function DeliveryMethodFormPage() {
  const id = Number(useParams()['id'] ?? 0) || null;
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  // A shop has a handful of methods: the edit screen reads the admin's list.
  const list = trpc.delivery.methods.all.useQuery({}, { enabled: id !== null, meta: { silent: true } });
  const saved = () => utils.delivery.invalidate();
  const create = trpc.delivery.methods.create.useMutation({ onSuccess: saved });
  const update = trpc.delivery.methods.update.useMutation({ onSuccess: saved });
  const staleGuard = useStaleGuard(list.refetch);
  const loaded = id === null ? undefined : list.data?.find((method) => method.id === id);
  useTitle(id ? `Способ доставки #${id}` : 'Новый способ доставки');
  const form = useForm<MethodValues>({ mode: 'controlled', initialValues: emptyMethod, validate: validateMethod });

  useEffect(() => {
    if (loaded) loadFormValues(form, methodToValues(loaded));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load the fetched values once
  }, [loaded]);

  if (id !== null && list.data && !loaded) return <AdminNotFound what="Запись" backTo={deliveryPaths.list} backLabel="К списку" />;
  const courier = form.values.kind === 'courier';

  return (
    <FormFrame
      dirty={form.isDirty()}
      title={id ? `Способ доставки: ${loaded?.name ?? ''}` : 'Новый способ доставки'}
      loading={id !== null && list.isLoading}
      record={id ? list : undefined}
      saving={create.isPending || update.isPending}
      backTo={deliveryPaths.list}
      maw={840}
      stale={{ active: staleGuard.stale, onReload: () => void staleGuard.reload() }}
      onSubmit={form.onSubmit(toasted(async (values) => {
        const data = toMethodInput(values);
        if (id) await staleGuard.guard(update.mutateAsync({ methodId: id, data, version: loaded?.version }));
        else await create.mutateAsync(data);
        toastSuccess(id ? 'Способ доставки сохранён' : 'Способ доставки добавлен');
        void navigate(deliveryPaths.list);
      }))}
    >
      <FormSection title="Основное">
        <Select
          label="Вид доставки"
          data={kindOptions}
          allowDeselect={false}
          withAsterisk
          {...form.getInputProps('kind')}
          onChange={(value) => {
            if (!value) return;
            form.setFieldValue('kind', value as DeliveryKind);
            if (value === 'courier' && form.values.zones.length === 0) form.insertListItem('zones', emptyZone());
          }}
        />
        <TextInput label="Название" placeholder="Например: Курьер по Москве" withAsterisk {...form.getInputProps('name')} />
        <Textarea label="Описание" description="Покупатель видит его при выборе способа" autosize minRows={2} maxRows={6} {...form.getInputProps('description')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <NumberInput label="Порядок" description="Меньше — выше в списке" clampBehavior="none" allowDecimal={false} {...form.getInputProps('position')} />
          <Switch mt={{ base: 0, xs: 'xl' }} label="Включён" description="Выключенный способ не предлагается покупателям" {...form.getInputProps('active', { type: 'checkbox' })} />
        </SimpleGrid>
      </FormSection>
      {courier ? (
        <FormSection title="Зоны доставки">
          <ZonesField form={form} />
        </FormSection>
      ) : (
        <FormSection title="Цена и срок">
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NumberInput label="Цена" description="0 — бесплатно" {...moneyProps} {...form.getInputProps('price')} />
            <NumberInput label="Бесплатно от" description="Сумма товаров; пусто — всегда по цене" {...moneyProps} {...form.getInputProps('freeFrom')} />
            <NumberInput label="Срок от" withAsterisk {...daysProps} {...form.getInputProps('minDays')} />
            <NumberInput label="Срок до" withAsterisk {...daysProps} {...form.getInputProps('maxDays')} />
          </SimpleGrid>
        </FormSection>
      )}
    </FormFrame>
  );
}
