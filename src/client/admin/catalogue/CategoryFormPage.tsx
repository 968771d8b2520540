import { Select, TagsInput, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useMemo } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { categoryInputSchema, type Category } from '../../../shared/schemas/catalogue.js';
import { trpc } from '../../trpc';
import { toastSuccess } from '../../ui/toast';
import { useTitle } from '../../ui/use-title';
import { ImageInput } from '../media/ImageInput';
import { useCategories } from './dropdowns';
import { categoryAdmin } from './entities';
import { loadFormValues } from '../ui/unsaved-changes';
import { FormFrame, FormSection } from '../ui/FormFrame';
import { useStaleGuard } from '../ui/stale-guard';
import { UrlField } from '../ui/UrlField';
import { toasted } from '../ui/toasted';

type CategoryValues = Omit<Category, 'id' | 'version'>;

/** A category cannot be filed under itself or under one of its own descendants. */
function isInSubtree(category: Category, rootId: number, byId: ReadonlyMap<number, Category>): boolean {
  const seen = new Set<number>();
  let current: Category | undefined = category;
  while (current && !seen.has(current.id)) {
    if (current.id === rootId) return true;
    seen.add(current.id);
    current = current.parentId === null ? undefined : byId.get(current.parentId);
  }
  return false;
}

/** /admin/categories/create-category and /admin/categories/{id}. */
export function CategoryFormPage() {
  const id = Number(useParams()['id'] ?? 0) || null;
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const item = trpc.catalogue.categories.get.useQuery({ categoryId: id ?? 0 }, { enabled: id !== null, meta: { silent: true } });
  const create = trpc.catalogue.categories.create.useMutation({ onSuccess: () => utils.catalogue.categories.invalidate() });
  const update = trpc.catalogue.categories.update.useMutation({ onSuccess: () => utils.catalogue.categories.invalidate() });
  const categories = useCategories();
  const staleGuard = useStaleGuard(item.refetch);
  useTitle(id ? `Категория #${id}` : 'Новая категория');

  const form = useForm<CategoryValues>({
    mode: 'controlled',
    initialValues: { name: '', url: '', desc: '', image: null, parentId: null, parameters: [] },
    validate: schemaResolver(categoryInputSchema, { sync: true }),
  });

  const loaded = item.data;
  useEffect(() => {
    if (loaded) {
      const { id: _id, version: _version, ...values } = loaded;
      loadFormValues(form, values);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load the fetched values once
  }, [loaded]);

  const parentOptions = useMemo(
    () =>
      categories.options.filter((option) => {
        const category = categories.byId.get(option.value);
        return !id || !category || !isInSubtree(category, id, categories.byId);
      }),
    [categories, id],
  );

  return (
    <FormFrame
      dirty={form.isDirty()}
      title={id ? `Категория: ${loaded?.name ?? ''}` : 'Новая категория'}
      loading={id !== null && item.isLoading}
      record={id ? item : undefined}
      saving={create.isPending || update.isPending}
      backTo={categoryAdmin.paths.list}
      stale={{ active: staleGuard.stale, onReload: () => void staleGuard.reload() }}
      onSubmit={form.onSubmit(toasted(async (values) => {
        if (id) await staleGuard.guard(update.mutateAsync({ categoryId: id, ...values, version: loaded?.version }));
        else await create.mutateAsync(values);
        toastSuccess(id ? categoryAdmin.messages.updated : categoryAdmin.messages.created);
        void navigate(categoryAdmin.paths.list);
      }))}
    >
      <FormSection>
        <TextInput label="Название" withAsterisk {...form.getInputProps('name')} />
        <UrlField fromName={form.values.name} followName={!id} value={form.values.url} onChange={(url) => form.setFieldValue('url', url)} error={form.errors['url']} />
        <Select<number>
          label="Родительская категория"
          placeholder="Верхний уровень"
          data={parentOptions}
          searchable
          clearable
          nothingFoundMessage="Категорий не найдено"
          {...form.getInputProps('parentId')}
        />
        <Textarea label="Описание" autosize minRows={3} maxRows={10} {...form.getInputProps('desc')} />
        <TagsInput
          label="Характеристики товаров"
          description="Что заполняется у товаров этой категории, например «Материал», «Сезон». Введите и нажмите Enter"
          placeholder="Добавить характеристику"
          {...form.getInputProps('parameters')}
        />
        <ImageInput
          label="Изображение"
          multiple={false}
          value={form.values.image ? [form.values.image] : []}
          onChange={(names) => form.setFieldValue('image', names[0] ?? null)}
          error={form.errors['image']}
        />
      </FormSection>
    </FormFrame>
  );
}
