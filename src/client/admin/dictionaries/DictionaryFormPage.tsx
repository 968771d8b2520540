import { Button, Group, Loader, Paper, Stack, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { dictionaryInputSchema, type DictionaryInput } from '../../../shared/schemas/dictionaries.js';
import { slugify } from '../../../shared/transliterate.js';
import { toastSuccess } from '../../ui/toast';
import { useTitle } from '../../ui/use-title';
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

  if (id && item.isLoading) return <Loader />;

  return (
    <Stack maw={560}>
      <Title order={2}>{id ? `${admin.titles.edit}: ${loaded?.name ?? ''}` : admin.titles.create}</Title>
      <Paper withBorder p="md" radius="md">
        <form
          onSubmit={form.onSubmit(async (values) => {
            await save(id, values);
            toastSuccess(id ? admin.messages.updated : admin.messages.created);
            void navigate(admin.paths.list);
          })}
        >
          <Stack>
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
            <Group justify="flex-end">
              <Button variant="default" onClick={() => void navigate(admin.paths.list)}>
                Отмена
              </Button>
              <Button type="submit" loading={saving}>
                Сохранить
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
