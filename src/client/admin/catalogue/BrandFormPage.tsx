import { Switch, TagsInput, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { brandInputSchema, type Brand } from '../../../shared/schemas/catalogue.js';
import { trpc } from '../../trpc';
import { toastSuccess } from '../../ui/toast';
import { useTitle } from '../../ui/use-title';
import { ImageInput } from '../media/ImageInput';
import { brandAdmin } from './entities';
import { FormFrame, FormSection } from '../ui/FormFrame';
import { useStaleGuard } from '../ui/stale-guard';
import { UrlField } from '../ui/UrlField';

type BrandValues = Omit<Brand, 'id' | 'version'>;

/** /admin/brands/create-brand and /admin/brands/{id}: name, url, logo, search synonyms and the home-page flag. */
export function BrandFormPage() {
  const id = Number(useParams()['id'] ?? 0) || null;
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const item = trpc.catalogue.brands.get.useQuery({ brandId: id ?? 0 }, { enabled: id !== null, meta: { silent: true } });
  const create = trpc.catalogue.brands.create.useMutation({ onSuccess: () => utils.catalogue.brands.invalidate() });
  const update = trpc.catalogue.brands.update.useMutation({ onSuccess: () => utils.catalogue.brands.invalidate() });
  const staleGuard = useStaleGuard(item.refetch);
  useTitle(id ? `Бренд #${id}` : 'Новый бренд');

  const form = useForm<BrandValues>({
    mode: 'controlled',
    initialValues: { name: '', url: '', image: null, showOnMain: false, synonyms: [] },
    validate: schemaResolver(brandInputSchema, { sync: true }),
  });

  const loaded = item.data;
  useEffect(() => {
    if (loaded) form.setValues({ name: loaded.name, url: loaded.url, image: loaded.image, showOnMain: loaded.showOnMain, synonyms: loaded.synonyms });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load the fetched values once
  }, [loaded]);

  return (
    <FormFrame
      title={id ? `Бренд: ${loaded?.name ?? ''}` : 'Новый бренд'}
      loading={id !== null && item.isLoading}
      record={id ? item : undefined}
      saving={create.isPending || update.isPending}
      backTo={brandAdmin.paths.list}
      maw={560}
      stale={{ active: staleGuard.stale, onReload: () => void staleGuard.reload() }}
      onSubmit={form.onSubmit(async (values) => {
        if (id) await staleGuard.guard(update.mutateAsync({ brandId: id, ...values, version: loaded?.version }));
        else await create.mutateAsync(values);
        toastSuccess(id ? brandAdmin.messages.updated : brandAdmin.messages.created);
        void navigate(brandAdmin.paths.list);
      })}
    >
      <FormSection>
        <TextInput label="Название" withAsterisk {...form.getInputProps('name')} />
        <UrlField fromName={form.values.name} followName={!id} value={form.values.url} onChange={(url) => form.setFieldValue('url', url)} error={form.errors['url']} />
        <ImageInput
          label="Логотип"
          multiple={false}
          value={form.values.image ? [form.values.image] : []}
          onChange={(names) => form.setFieldValue('image', names[0] ?? null)}
          error={form.errors['image']}
        />
        <TagsInput
          label="Синонимы для поиска"
          description="Как покупатели пишут бренд: «найк», «адидас». Enter после каждого слова."
          placeholder="Добавьте слово"
          {...form.getInputProps('synonyms')}
        />
        <Switch label="Показывать на главной" {...form.getInputProps('showOnMain', { type: 'checkbox' })} />
      </FormSection>
    </FormFrame>
  );
}
