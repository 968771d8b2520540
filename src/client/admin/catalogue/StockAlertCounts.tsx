import { Badge, Group, Table, Text } from '@mantine/core';
import type { Product } from '../../../shared/schemas/catalogue.js';
import type { StockAlertCount } from '../../../shared/schemas/stock-alerts.js';
import { trpc } from '../../trpc';
import { FormSection } from '../ui/FormFrame';

const itemKey = (variantId: number, sizeId: number | null) => `${variantId}:${sizeId ?? ''}`;

/** How many shoppers wait for each item of the product: by `variantId:sizeId`. */
export function useStockAlertCounts(productId: number): Map<string, StockAlertCount> {
  const counts = trpc.stockAlerts.counts.useQuery({ productId }, { meta: { silent: true } });
  return new Map((counts.data?.items ?? []).map((row) => [itemKey(row.variantId, row.sizeId), row]));
}

/** «Ждут: N» for one item (nothing when nobody waits); for a size row of the variants' editor. */
export function WaitingBadge({ counts, variantId, sizeId }: { counts: Map<string, StockAlertCount>; variantId: number; sizeId: number | null }) {
  const row = counts.get(itemKey(variantId, sizeId));
  if (!row || row.restock === 0) return null;
  const title = `Ждут поступления: ${row.restock}; ждут снижения цены: ${row.price}`;
  return (
    <Badge variant="light" color="orange" title={title}>
      Ждут: {row.restock}
    </Badge>
  );
}

/** The product page's «Ждут поступления» section: every colour and size someone waits for. */
export function StockAlertCounts({ product }: { product: Product }) {
  const counts = useStockAlertCounts(product.id);
  const rows = product.variants.flatMap((variant) =>
    variant.items.flatMap((item) => (counts.has(itemKey(variant.id, item.sizeId)) ? [{ variant, item, count: counts.get(itemKey(variant.id, item.sizeId)) }] : [])),
  );
  return (
    <FormSection title="Ждут поступления">
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          Никто не подписан на поступление этого товара.
        </Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Цвет</Table.Th>
              <Table.Th>Размер</Table.Th>
              <Table.Th>Остаток</Table.Th>
              <Table.Th>Ждут</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(({ variant, item, count }) => (
              <Table.Tr key={item.id}>
                <Table.Td>{variant.color?.name ?? variant.article}</Table.Td>
                <Table.Td>{item.sizeName ?? '—'}</Table.Td>
                <Table.Td>{item.stock}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <WaitingBadge counts={counts} variantId={variant.id} sizeId={item.sizeId} />
                    {count && count.price > 0 && <Text size="xs" c="dimmed">снижения цены: {count.price}</Text>}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </FormSection>
  );
}
