import { Button, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { dictionaryInputSchema, type DictionaryInput } from '../../../shared/schemas/dictionaries.js';
import { slugify } from '../../../shared/transliterate.js';
import { toastSuccess } from '../../ui/toast';
import { useTitle } from '../../ui/use-title';
import { FormFrame, FormSection } from '../ui/FormFrame';
import type { DictionaryAdmin } from './types';

/** Create (no id in the path) or edit (id in the path) one tag or size. */
export function DictionaryFormPage({ admin }: { admin: DictionaryAdmin }) {
  const params = useParams();
  const id = params['id'] ? Number(params['id']) : null;
  const navigate = useNavigate();
  const item = admin.useItem(id ?? 0);
  const { save, saving } = admin.useSave();
  useTitle(id ? `${admin.titles.edit} #${id}` : admin.titles.create);

  const form = useForm<DictionaryInput>({
    mode: 'controlled',
    initialValues: { name: '', url: '' },
    validate: schemaResolver(dictionaryInputSchema, { sync: true }),
  });

  const loaded = item.data;
  useEffect(() => {
    if (loaded) form.setValues({ name: loaded.name, url: loaded.url });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load the fetched values once
  }, [loaded]);

  return (
    <FormFrame
      title={id ? `${admin.titles.edit}: ${loaded?.name ?? ''}` : admin.titles.create}
      loading={Boolean(id) && item.isLoading}
      saving={saving}
      backTo={admin.paths.list}
      maw={560}
      onSubmit={form.onSubmit(async (values) => {
        await save(id, values);
        toastSuccess(id ? admin.messages.updated : admin.messages.created);
        void navigate(admin.paths.list);
      })}
    >
      <FormSection>
        <TextInput label="Название" withAsterisk {...form.getInputProps('name')} />
        <TextInput
          label="URL"
          description="Латинские буквы, цифры и дефисы"
          withAsterisk
          {...form.getInputProps('url')}
          rightSectionWidth={130}
          rightSection={
            <Button size="compact-xs" variant="light" onClick={() => form.setFieldValue('url', slugify(form.getValues().name))}>
              Из названия
            </Button>
          }
        />
      </FormSection>
    </FormFrame>
  );
}
