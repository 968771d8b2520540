import { TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { dictionaryInputSchema, type DictionaryInput } from '../../../shared/schemas/dictionaries.js';
import { toastSuccess } from '../../ui/toast';
import { useTitle } from '../../ui/use-title';
import { loadFormValues } from '../ui/unsaved-changes';
import { FormFrame, FormSection } from '../ui/FormFrame';
import { UrlField } from '../ui/UrlField';
import { useStaleGuard } from '../ui/stale-guard';
import type { DictionaryAdmin } from './types';
import { toasted } from '../ui/toasted';

/** Create (no id in the path) or edit (id in the path) one tag or size. */
export function DictionaryFormPage({ admin }: { admin: DictionaryAdmin }) {
  const params = useParams();
  const id = params['id'] ? Number(params['id']) : null;
  const navigate = useNavigate();
  const item = admin.useItem(id ?? 0);
  const { save, saving } = admin.useSave();
  const staleGuard = useStaleGuard(item.refetch);
  useTitle(id ? `${admin.titles.edit} #${id}` : admin.titles.create);

  const form = useForm<DictionaryInput>({
    mode: 'controlled',
    initialValues: { name: '', url: '' },
    validate: schemaResolver(dictionaryInputSchema, { sync: true }),
  });

  const loaded = item.data;
  useEffect(() => {
    if (loaded) loadFormValues(form, { name: loaded.name, url: loaded.url });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load the fetched values once
  }, [loaded]);

  return (
    <FormFrame
      dirty={form.isDirty()}
      title={id ? `${admin.titles.edit}: ${loaded?.name ?? ''}` : admin.titles.create}
      loading={Boolean(id) && item.isLoading}
      record={id ? item : undefined}
      saving={saving}
      backTo={admin.paths.list}
      maw={560}
      stale={{ active: staleGuard.stale, onReload: () => void staleGuard.reload() }}
      onSubmit={form.onSubmit(toasted(async (values) => {
        await staleGuard.guard(save(id, values, loaded?.version));
        toastSuccess(id ? admin.messages.updated : admin.messages.created);
        void navigate(admin.paths.list);
      }))}
    >
      <FormSection>
        <TextInput label="Название" withAsterisk {...form.getInputProps('name')} />
        <UrlField fromName={form.values.name} followName={!id} value={form.values.url} onChange={(url) => form.setFieldValue('url', url)} error={form.errors['url']} />
      </FormSection>
    </FormFrame>
  );
}
