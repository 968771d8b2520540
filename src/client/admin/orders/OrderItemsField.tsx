import { ActionIcon, Button, Group, NumberInput, Select, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { formatRubles } from '../../../shared/money.js';

import type { BasketItem } from '../../store/orders/use-basket';
import { trpc } from '../../trpc';

/** An item of the order being taken, with what the admin saw when adding it. */
export interface PickedItem extends BasketItem {
  label: string;
  price: number;
}

interface OrderItemsFieldProps {
  items: PickedItem[];
  onChange: (items: PickedItem[]) => void;
  error?: string | null;
}

/** Products of an order taken by phone: a product, its variant and size, how many. */
export function OrderItemsField({ items, onChange, error }: OrderItemsFieldProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [productUrl, setProductUrl] = useState<string | null>(null);
  const [variantId, setVariantId] = useState<string | null>(null);
  const [sizeId, setSizeId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState<number>(1);
  const products = trpc.catalogue.products.list.useQuery({ ...(debounced ? { name: debounced } : {}), limit: 20 });
  const product = trpc.catalogue.products.byUrl.useQuery({ url: productUrl ?? '' }, { enabled: productUrl !== null });
  const full = product.data;
  const variant = full?.variants.find((item) => String(item.id) === variantId);
  const size = full?.sizes.find((item) => String(item.id) === sizeId);
  const ready = variant !== undefined && (full?.sizes.length === 0 || size !== undefined) && quantity >= 1;

  const add = () => {
    if (!full || !variant || !ready) return;
    const label = [full.name, variant.color?.name, size ? `размер ${size.name}` : null, `арт. ${variant.article}`].filter(Boolean).join(', ');
    onChange([...items, { variantId: variant.id, sizeId: size?.id ?? null, quantity, label, price: variant.price }]);
    setVariantId(null);
    setSizeId(null);
    setQuantity(1);
  };

  return (
    <Stack gap="sm">
      {items.length > 0 && (
        <Table>
          <Table.Tbody>
            {items.map((item, index) => (
              <Table.Tr key={index}>
                <Table.Td>{item.label}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {item.quantity} × {formatRubles(item.price)}
                </Table.Td>
                <Table.Td w={40}>
                  <ActionIcon variant="subtle" color="red" aria-label={`Убрать: ${item.label}`} onClick={() => onChange(items.filter((_, at) => at !== index))}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group align="flex-end" gap="sm">
        <Select
          label="Товар"
          placeholder="Начните вводить название"
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options }) => options}
          data={(products.data?.rows ?? []).map((row) => ({ value: row.url, label: row.name }))}
          value={productUrl}
          onChange={(value) => {
            setProductUrl(value);
            setVariantId(null);
            setSizeId(null);
          }}
          nothingFoundMessage="Ничего не найдено"
          w={{ base: '100%', sm: 280 }}
        />
        <Select
          label="Вариант"
          disabled={!full}
          data={(full?.variants ?? []).map((item) => ({
            value: String(item.id),
            label: `${item.color?.name ?? item.article} — ${formatRubles(item.price)}, остаток ${item.stock}`,
            disabled: item.stock <= 0,
          }))}
          value={variantId}
          onChange={setVariantId}
          w={{ base: '100%', sm: 260 }}
        />
        {full && full.sizes.length > 0 && (
          <Select label="Размер" data={full.sizes.map((item) => ({ value: String(item.id), label: item.name }))} value={sizeId} onChange={setSizeId} w={{ base: '47%', sm: 110 }} />
        )}
        <NumberInput label="Количество" min={1} max={999} value={quantity} onChange={(value) => setQuantity(typeof value === 'number' ? value : 1)} w={{ base: '47%', sm: 110 }} />
        <Button leftSection={<IconPlus size={16} />} variant="light" disabled={!ready} onClick={add}>
          Добавить
        </Button>
      </Group>
      {error && (
        <Text c="red.8" size="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
