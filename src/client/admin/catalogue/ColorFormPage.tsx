import { ColorInput, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { colorInputSchema, type ColorInput as ColorValues } from '../../../shared/schemas/catalogue.js';
import { trpc } from '../../trpc';
import { toastSuccess } from '../../ui/toast';
import { useTitle } from '../../ui/use-title';
import { colorAdmin } from './entities';
import { FormFrame, FormSection } from '../ui/FormFrame';
import { useStaleGuard } from '../ui/stale-guard';
import { UrlField } from '../ui/UrlField';

/** Swatches offered next to the picker: the colours a clothes shop names most often. */
const commonColors = ['#000000', '#ffffff', '#808080', '#1c2e4a', '#1e40af', '#87ceeb', '#dc2626', '#f9a8d4', '#16a34a', '#556b2f', '#facc15', '#f5f5dc', '#8b4513', '#7c3aed', '#f97316'];

/** /admin/colors/create-color and /admin/colors/{id}: a colour's name, url and hex code. */
export function ColorFormPage() {
  const id = Number(useParams()['id'] ?? 0) || null;
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const item = trpc.catalogue.colors.get.useQuery({ colorId: id ?? 0 }, { enabled: id !== null, meta: { silent: true } });
  const create = trpc.catalogue.colors.create.useMutation({ onSuccess: () => utils.catalogue.colors.invalidate() });
  const update = trpc.catalogue.colors.update.useMutation({ onSuccess: () => utils.catalogue.colors.invalidate() });
  const staleGuard = useStaleGuard(item.refetch);
  useTitle(id ? `Цвет #${id}` : 'Новый цвет');

  const form = useForm<ColorValues>({
    mode: 'controlled',
    initialValues: { name: '', url: '', code: '#000000' },
    validate: schemaResolver(colorInputSchema, { sync: true }),
  });

  const loaded = item.data;
  useEffect(() => {
    if (loaded) form.setValues({ name: loaded.name, url: loaded.url, code: loaded.code });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load the fetched values once
  }, [loaded]);

  return (
    <FormFrame
      title={id ? `Цвет: ${loaded?.name ?? ''}` : 'Новый цвет'}
      loading={id !== null && item.isLoading}
      record={id ? item : undefined}
      saving={create.isPending || update.isPending}
      backTo={colorAdmin.paths.list}
      maw={560}
      stale={{ active: staleGuard.stale, onReload: () => void staleGuard.reload() }}
      onSubmit={form.onSubmit(async (values) => {
        if (id) await staleGuard.guard(update.mutateAsync({ colorId: id, ...values, version: loaded?.version }));
        else await create.mutateAsync(values);
        toastSuccess(id ? colorAdmin.messages.updated : colorAdmin.messages.created);
        void navigate(colorAdmin.paths.list);
      })}
    >
      <FormSection>
        <TextInput label="Название" withAsterisk {...form.getInputProps('name')} />
        <UrlField fromName={form.values.name} followName={!id} value={form.values.url} onChange={(url) => form.setFieldValue('url', url)} error={form.errors['url']} />
        <ColorInput
          label="Цвет"
          description="Выберите на палитре или введите код #rrggbb"
          withAsterisk
          format="hex"
          swatches={commonColors}
          swatchesPerRow={8}
          withEyeDropper={false}
          {...form.getInputProps('code')}
        />
      </FormSection>
    </FormFrame>
  );
}
