import { Switch, TagsInput } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { brandInputSchema, type Brand } from '../../../shared/schemas/catalogue.js';
import { trpc } from '../../trpc';
import { ImageInput } from '../media/ImageInput';
import { brandAdmin } from './entities';
import { EntityFormPage, type EntityForm } from './EntityFormPage';

type BrandValues = Omit<Brand, 'id' | 'version'>;

const brandForm: EntityForm<BrandValues, Brand> = {
  titles: { edit: 'Бренд', create: 'Новый бренд' },
  admin: brandAdmin,
  initialValues: { name: '', url: '', image: null, showOnMain: false, synonyms: [] },
  validate: schemaResolver(brandInputSchema, { sync: true }),
  valuesOf: (loaded) => ({ name: loaded.name, url: loaded.url, image: loaded.image, showOnMain: loaded.showOnMain, synonyms: loaded.synonyms }),
  useItem: (id) => trpc.catalogue.brands.get.useQuery({ brandId: id ?? 0 }, { enabled: id !== null, meta: { silent: true } }),
  useSave() {
    const utils = trpc.useUtils();
    const create = trpc.catalogue.brands.create.useMutation({ onSuccess: () => utils.catalogue.brands.invalidate() });
    const update = trpc.catalogue.brands.update.useMutation({ onSuccess: () => utils.catalogue.brands.invalidate() });
    return {
      save: (id, values, version) => (id ? update.mutateAsync({ brandId: id, ...values, version }) : create.mutateAsync(values)),
      saving: create.isPending || update.isPending,
    };
  },
  fields: (form) => (
    <>
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
    </>
  ),
};

/** /admin/brands/create-brand and /admin/brands/{id}: name, url, logo, search synonyms and the home-page flag. */
export function BrandFormPage() {
  return <EntityFormPage entity={brandForm} />;
}
