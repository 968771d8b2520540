import { Button, ColorSwatch, Group, NumberInput, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useColors, type Option } from './dropdowns';
import { itemOf, sizeKey, sizesOf, type ItemValues, type ProductValues, type VariantValues } from './product-form';

/**
 * Stock per colour and size: a row per variant (colour), a column per chosen size, a cell per
 * item with its stock; a row opens to the items' articles and EAN-13 barcodes. With no sizes
 * chosen there is one column: the colour's own stock.
 */
export function StockGrid({ form, sizeOptions }: { form: UseFormReturnType<ProductValues>; sizeOptions: readonly Option[] }) {
  const colors = useColors();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const sizes = sizesOf(form.values);
  const sizeName = (sizeId: number | null) => (sizeId === null ? 'Остаток' : (sizeOptions.find((option) => option.value === sizeId)?.label ?? `№${sizeId}`));
  const rowName = (variant: VariantValues, index: number) => {
    const color = variant.colorId === null ? undefined : colors.byId.get(variant.colorId);
    return `${color?.name ?? `Вариант ${index + 1}`}${variant.article ? ` (${variant.article})` : ''}`;
  };
  /** Changes a cell and clears its message (the schema checks it again on saving). */
  const change = (index: number, sizeId: number | null, position: number, patch: Partial<ItemValues>) => {
    const variant = form.values.variants[index];
    if (!variant) return;
    form.setFieldValue(`variants.${index}.items`, { ...variant.items, [sizeKey(sizeId)]: { ...itemOf(variant, sizeId), ...patch } });
    for (const field of Object.keys(patch)) form.clearFieldError(`variants.${index}.items.${position}.${field}`);
  };
  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {sizes[0] === null ? 'Размеры не выбраны: у каждого цвета один остаток.' : 'Остаток каждого размера каждого цвета; артикулы и штрихкоды — в строке цвета.'}
      </Text>
      <Table.ScrollContainer minWidth={200 + sizes.length * 96}>
        <Table withTableBorder withColumnBorders verticalSpacing={6} aria-label="Остатки по цветам и размерам">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Цвет</Table.Th>
              {sizes.map((sizeId) => (
                <Table.Th key={sizeKey(sizeId)} ta="center">
                  {sizeName(sizeId)}
                </Table.Th>
              ))}
              {sizes[0] !== null && <Table.Th ta="center">Всего</Table.Th>}
              <Table.Th>Артикулы и штрихкоды</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {form.values.variants.map((variant, index) => {
              const name = rowName(variant, index);
              const color = variant.colorId === null ? undefined : colors.byId.get(variant.colorId);
              const expanded = open.has(variant.key);
              const total = sizes.reduce<number>((sum, sizeId) => {
                const stock = itemOf(variant, sizeId).stock;
                return sum + (typeof stock === 'number' ? stock : 0);
              }, 0);
              return (
                <Fragment key={variant.key}>
                  <Table.Tr>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        {color && <ColorSwatch color={color.code} size={14} />}
                        <Text size="sm">{name}</Text>
                      </Group>
                    </Table.Td>
                    {sizes.map((sizeId, position) => (
                      <Table.Td key={sizeKey(sizeId)}>
                        <NumberInput
                          aria-label={sizeId === null ? `Остаток: ${name}` : `Остаток: ${name}, размер ${sizeName(sizeId)}`}
                          size="xs"
                          miw={72}
                          clampBehavior="none"
                          allowDecimal={false}
                          hideControls
                          value={itemOf(variant, sizeId).stock}
                          onChange={(value) => change(index, sizeId, position, { stock: value })}
                          error={form.errors[`variants.${index}.items.${position}.stock`]}
                        />
                      </Table.Td>
                    ))}
                    {sizes[0] !== null && (
                      <Table.Td ta="center">
                        <Text size="sm" fw={600}>
                          {total}
                        </Text>
                      </Table.Td>
                    )}
                    <Table.Td>
                      <Button
                        variant="subtle"
                        size="compact-xs"
                        aria-expanded={expanded}
                        aria-label={`${expanded ? 'Скрыть' : 'Показать'} артикулы и штрихкоды: ${name}`}
                        rightSection={expanded ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
                        onClick={() => toggle(variant.key)}
                      >
                        {expanded ? 'Скрыть' : 'Показать'}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                  {expanded && (
                    <Table.Tr>
                      <Table.Td colSpan={sizes.length + (sizes[0] === null ? 2 : 3)}>
                        <Stack gap="xs">
                          {sizes.map((sizeId, position) => {
                            const item = itemOf(variant, sizeId);
                            const label = sizeId === null ? name : `${name}, размер ${sizeName(sizeId)}`;
                            return (
                              <SimpleGrid key={sizeKey(sizeId)} cols={{ base: 1, xs: 3 }} spacing="xs">
                                <Text size="sm" pt={4}>
                                  {sizeId === null ? 'Без размера' : `Размер ${sizeName(sizeId)}`}
                                </Text>
                                <TextInput
                                  size="xs"
                                  aria-label={`Артикул: ${label}`}
                                  placeholder={sizeId === null ? variant.article || 'Артикул цвета' : `${variant.article || 'Артикул'}/${sizeName(sizeId)}`}
                                  disabled={sizeId === null}
                                  value={item.article}
                                  onChange={(event) => change(index, sizeId, position, { article: event.currentTarget.value })}
                                  error={form.errors[`variants.${index}.items.${position}.article`]}
                                />
                                <TextInput
                                  size="xs"
                                  aria-label={`Штрихкод EAN-13: ${label}`}
                                  placeholder="Штрихкод EAN-13"
                                  inputMode="numeric"
                                  value={item.barcode}
                                  onChange={(event) => change(index, sizeId, position, { barcode: event.currentTarget.value })}
                                  error={form.errors[`variants.${index}.items.${position}.barcode`]}
                                />
                              </SimpleGrid>
                            );
                          })}
                        </Stack>
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
