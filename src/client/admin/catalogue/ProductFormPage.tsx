import { Anchor, Group, JsonInput, MultiSelect, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconExternalLink } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { routes } from '../../routes';
import { trpc } from '../../trpc';
import { toastSuccess } from '../../ui/toast';
import { useTitle } from '../../ui/use-title';
import { useBrandOptions, useCategories, useSizeOptions, useTagOptions } from './dropdowns';
import { productAdmin } from './entities';
import { loadFormValues } from '../ui/unsaved-changes';
import { FormFrame, FormSection } from '../ui/FormFrame';
import { useStaleGuard } from '../ui/stale-guard';
import { declaredParameters, ParametersField } from './ParametersField';
import { emptyProduct, productToValues, toProductInput, validateProduct, type ProductValues } from './product-form';
import { UrlField } from '../ui/UrlField';
import { StockGrid } from './StockGrid';
import { VariantsField } from './VariantsField';
import { StockAlertCounts } from './StockAlertCounts';
import { toasted } from '../ui/toasted';

/** /admin/products/create-product and /admin/products/{id}: a product with its variants. */
export function ProductFormPage() {
  const id = Number(useParams()['id'] ?? 0) || null;
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const item = trpc.catalogue.products.get.useQuery({ productId: id ?? 0 }, { enabled: id !== null, meta: { silent: true } });
  // The admin lists (products, stock) read through catalogue.stock.
  const saved = () => Promise.all([utils.catalogue.products.invalidate(), utils.catalogue.stock.invalidate()]);
  const create = trpc.catalogue.products.create.useMutation({ onSuccess: saved });
  const update = trpc.catalogue.products.update.useMutation({ onSuccess: saved });
  const categories = useCategories();
  const brandOptions = useBrandOptions();
  const tagOptions = useTagOptions();
  const sizeOptions = useSizeOptions();
  const staleGuard = useStaleGuard(item.refetch);
  useTitle(id ? `Товар #${id}` : 'Новый товар');

  const form = useForm<ProductValues>({ mode: 'controlled', initialValues: emptyProduct, validate: validateProduct });

  const loaded = item.data;
  useEffect(() => {
    if (loaded) loadFormValues(form, productToValues(loaded));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load the fetched values once
  }, [loaded]);

  const declared = declaredParameters(form.values.categories, categories.byId);
  const pickers = [
    { field: 'categories', label: 'Категории', placeholder: 'Выберите категории', data: categories.options, nothingFound: 'Категорий не найдено' },
    { field: 'brands', label: 'Бренд', placeholder: 'Выберите бренд', data: brandOptions, nothingFound: 'Брендов не найдено' },
    { field: 'tags', label: 'Теги', placeholder: 'Выберите теги', data: tagOptions, nothingFound: 'Тегов не найдено' },
    { field: 'sizes', label: 'Размеры', placeholder: 'Выберите размеры', data: sizeOptions, nothingFound: 'Размеров не найдено' },
  ] as const;

  return (
    <FormFrame
      dirty={form.isDirty()}
      title={id ? `Товар: ${loaded?.name ?? ''}` : 'Новый товар'}
      loading={id !== null && item.isLoading}
      record={id ? item : undefined}
      saving={create.isPending || update.isPending}
      backTo={productAdmin.paths.list}
      maw={960}
      stale={{ active: staleGuard.stale, onReload: () => void staleGuard.reload() }}
      onSubmit={form.onSubmit(toasted(async (values) => {
        const input = toProductInput(values);
        if (id) await staleGuard.guard(update.mutateAsync({ productId: id, ...input, version: loaded?.version }));
        else await create.mutateAsync(input);
        toastSuccess(id ? productAdmin.messages.updated : productAdmin.messages.created);
        void navigate(productAdmin.paths.list);
      }))}
    >
      {loaded && (
        <Group>
          <Anchor component={Link} to={routes.product(loaded.url)} target="_blank" size="sm">
            <Group gap={4}>
              Открыть в магазине <IconExternalLink size={14} />
            </Group>
          </Anchor>
        </Group>
      )}
      <FormSection title="Основное">
        <TextInput label="Название" withAsterisk {...form.getInputProps('name')} />
        <UrlField fromName={form.values.name} followName={!id} value={form.values.url} onChange={(url) => form.setFieldValue('url', url)} error={form.errors['url']} />
        <Textarea label="Описание" autosize minRows={4} maxRows={14} {...form.getInputProps('desc')} />
        <Switch
          label="В продаже"
          description="Снятый с продажи товар остаётся в каталоге, но его нельзя купить"
          {...form.getInputProps('availability', { type: 'checkbox' })}
        />
      </FormSection>
      <FormSection title="Каталог">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {pickers.map((picker) => (
            <MultiSelect<number>
              key={picker.field}
              label={picker.label}
              placeholder={picker.placeholder}
              data={picker.data}
              searchable
              nothingFoundMessage={picker.nothingFound}
              {...form.getInputProps(picker.field)}
            />
          ))}
        </SimpleGrid>
      </FormSection>
      <FormSection title="Характеристики">
        <ParametersField form={form} declared={declared} />
      </FormSection>
      <FormSection title="Варианты">
        <VariantsField form={form} />
      </FormSection>
      {form.values.sizes.length > 0 && (
        <FormSection title="Остатки по размерам">
          <StockGrid form={form} sizeOptions={sizeOptions} />
        </FormSection>
      )}
      {loaded && <StockAlertCounts product={loaded} />}
      <FormSection title="Дополнительные поля">
        <JsonInput
          label="Прочие поля товара (JSON)"
          description="Сохраняются и отдаются через API как есть"
          autosize
          minRows={2}
          maxRows={12}
          formatOnBlur
          {...form.getInputProps('extraJson')}
        />
      </FormSection>
    </FormFrame>
  );
}
