import { Button, ColorSwatch, Fieldset, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { ImageInput } from '../media/ImageInput';
import { useColors } from './dropdowns';
import { emptyVariant, itemOf, sizeKey, type ItemValues, type ProductValues } from './product-form';

/**
 * What the admin typed stays as typed (no clamping on blur): a negative or zero price is shown and
 * refused by the shared schema with its message, never silently turned into another number.
 */
const moneyProps = { clampBehavior: 'none', decimalScale: 2, thousandSeparator: ' ', decimalSeparator: ',', rightSection: '₽', hideControls: true } as const;

/** A product without sizes: the colour's one item, its stock and barcode (with sizes, StockGrid edits them). */
function NoSizeItem({ form, index }: { form: UseFormReturnType<ProductValues>; index: number }) {
  const variant = form.values.variants[index];
  if (!variant) return null;
  const item = itemOf(variant, null);
  const change = (patch: Partial<ItemValues>) => {
    form.setFieldValue(`variants.${index}.items`, { ...variant.items, [sizeKey(null)]: { ...item, ...patch } });
    for (const field of Object.keys(patch)) form.clearFieldError(`variants.${index}.items.0.${field}`);
  };
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      <NumberInput
        label="Остаток"
        withAsterisk
        clampBehavior="none"
        allowDecimal={false}
        rightSection="шт."
        rightSectionWidth={44}
        value={item.stock}
        onChange={(value) => change({ stock: value })}
        error={form.errors[`variants.${index}.items.0.stock`]}
      />
      <TextInput
        label="Штрихкод EAN-13"
        inputMode="numeric"
        value={item.barcode}
        onChange={(event) => change({ barcode: event.currentTarget.value })}
        error={form.errors[`variants.${index}.items.0.barcode`]}
      />
    </SimpleGrid>
  );
}

/**
 * A product's variants (the shopper picks one on the product page): each has its own article, colour, price, old
 * price and pictures, and without sizes its stock; with sizes the stock grid (StockGrid) edits stock per size. A product has at least one.
 */
export function VariantsField({ form }: { form: UseFormReturnType<ProductValues> }) {
  const colors = useColors();
  const { variants } = form.values;
  return (
    <Stack>
      {variants.map((variant, index) => {
        const color = variant.colorId === null ? undefined : colors.byId.get(variant.colorId);
        return (
          <Fieldset key={variant.key} legend={`Вариант ${index + 1}`} radius="md">
            <Stack>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Артикул" withAsterisk {...form.getInputProps(`variants.${index}.article`)} />
                <Select<number>
                  label="Цвет"
                  placeholder="Без цвета"
                  data={colors.options}
                  searchable
                  clearable
                  nothingFoundMessage="Цветов не найдено"
                  leftSection={color ? <ColorSwatch color={color.code} size={16} /> : undefined}
                  renderOption={({ option }) => (
                    <Group gap="xs" wrap="nowrap">
                      <ColorSwatch color={colors.byId.get(option.value)?.code ?? '#fff'} size={16} />
                      <Text size="sm">{option.label}</Text>
                    </Group>
                  )}
                  {...form.getInputProps(`variants.${index}.colorId`)}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                <NumberInput label="Цена" withAsterisk {...moneyProps} {...form.getInputProps(`variants.${index}.price`)} />
                <NumberInput label="Старая цена" placeholder="Без скидки" {...moneyProps} {...form.getInputProps(`variants.${index}.oldPrice`)} />
              </SimpleGrid>
              {form.values.sizes.length === 0 && <NoSizeItem form={form} index={index} />}
              <ImageInput
                label="Фотографии"
                value={variant.images}
                onChange={(names) => form.setFieldValue(`variants.${index}.images`, names)}
                error={form.errors[`variants.${index}.images`]}
              />
              <Group justify="flex-end">
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  leftSection={<IconTrash size={14} />}
                  disabled={variants.length === 1}
                  onClick={() => form.removeListItem('variants', index)}
                >
                  Удалить вариант
                </Button>
              </Group>
            </Stack>
          </Fieldset>
        );
      })}
      {typeof form.errors['variants'] === 'string' && (
        <Text c="red" size="sm">
          {form.errors['variants']}
        </Text>
      )}
      <Button variant="light" leftSection={<IconPlus size={16} />} w="fit-content" onClick={() => form.insertListItem('variants', emptyVariant())}>
        Добавить вариант
      </Button>
    </Stack>
  );
}
