import { ColorInput } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { colorInputSchema, type ColorInput as ColorValues, type ColorRecord } from '../../../shared/schemas/catalogue.js';
import { trpc } from '../../trpc';
import { colorAdmin } from './entities';
import { EntityFormPage, type EntityForm } from './EntityFormPage';

/** Swatches offered next to the picker: the colours a clothes shop names most often. */
const commonColors = ['#000000', '#ffffff', '#808080', '#1c2e4a', '#1e40af', '#87ceeb', '#dc2626', '#f9a8d4', '#16a34a', '#556b2f', '#facc15', '#f5f5dc', '#8b4513', '#7c3aed', '#f97316'];

const colorForm: EntityForm<ColorValues, ColorRecord> = {
  titles: { edit: 'Цвет', create: 'Новый цвет' },
  admin: colorAdmin,
  initialValues: { name: '', url: '', code: '#000000' },
  validate: schemaResolver(colorInputSchema, { sync: true }),
  valuesOf: (loaded) => ({ name: loaded.name, url: loaded.url, code: loaded.code }),
  useItem: (id) => trpc.catalogue.colors.get.useQuery({ colorId: id ?? 0 }, { enabled: id !== null, meta: { silent: true } }),
  useSave() {
    const utils = trpc.useUtils();
    const create = trpc.catalogue.colors.create.useMutation({ onSuccess: () => utils.catalogue.colors.invalidate() });
    const update = trpc.catalogue.colors.update.useMutation({ onSuccess: () => utils.catalogue.colors.invalidate() });
    return {
      save: (id, values, version) => (id ? update.mutateAsync({ colorId: id, ...values, version }) : create.mutateAsync(values)),
      saving: create.isPending || update.isPending,
    };
  },
  fields: (form) => (
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
  ),
};

/** /admin/colors/create-color and /admin/colors/{id}: a colour's name, url and hex code. */
export function ColorFormPage() {
  return <EntityFormPage entity={colorForm} />;
}
