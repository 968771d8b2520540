import { Badge, ColorSwatch, Group, Text } from '@mantine/core';
import type { Brand, Category, Color, ProductCard } from '../../../shared/schemas/catalogue.js';
import { lowStockLimit, type AdminProductCard } from '../../../shared/schemas/stock.js';
import { formatRubles } from '../../../shared/money.js';
import { trpc } from '../../trpc';
import { ShopImage } from '../../ui/ShopImage';
import type { ListScreen } from '../ui/AdminListPage';
import { useCategories } from './dropdowns';
import { brandAdmin, categoryAdmin, colorAdmin, productAdmin } from './entities';

function Thumbnail({ name, alt }: { name: string | null; alt: string }) {
  return <ShopImage name={name} alt={alt} w={40} h={40} radius="sm" fit="cover" sizes="40px" />;
}

function ParentName({ parentId }: { parentId: number | null }) {
  const { byId } = useCategories();
  if (parentId === null) return <Text c="dimmed">—</Text>;
  return <>{byId.get(parentId)?.name ?? `#${parentId}`}</>;
}

export const categoriesList: ListScreen<Category> = {
  titles: { list: 'Категории', create: 'Новая категория' },
  paths: categoryAdmin.paths,
  deletedMessage: categoryAdmin.messages.deleted,
  leading: (row) => <Thumbnail name={row.image} alt={row.name} />,
  columns: [
    { label: 'Адрес (url)', render: (row) => row.url },
    { label: 'Родитель', render: (row) => <ParentName parentId={row.parentId} /> },
    { label: 'Характеристики', render: (row) => row.parameters.join(', ') || <Text c="dimmed">—</Text> },
  ],
  useList: (input) => trpc.catalogue.categories.list.useQuery(input),
  useDelete() {
    const utils = trpc.useUtils();
    const remove = trpc.catalogue.categories.delete.useMutation({ onSuccess: () => utils.catalogue.categories.invalidate() });
    return { remove: (id) => remove.mutateAsync({ categoryId: id }), deleting: remove.isPending };
  },
};

export const colorsList: ListScreen<Color> = {
  titles: { list: 'Цвета', create: 'Новый цвет' },
  paths: colorAdmin.paths,
  deletedMessage: colorAdmin.messages.deleted,
  leading: (row) => <ColorSwatch color={row.code} size={24} />,
  columns: [
    { label: 'Адрес (url)', render: (row) => row.url },
    { label: 'Код', width: 120, render: (row) => <Text ff="monospace">{row.code}</Text> },
  ],
  useList: (input) => trpc.catalogue.colors.list.useQuery(input),
  useDelete() {
    const utils = trpc.useUtils();
    const remove = trpc.catalogue.colors.delete.useMutation({ onSuccess: () => utils.catalogue.colors.invalidate() });
    return { remove: (id) => remove.mutateAsync({ colorId: id }), deleting: remove.isPending };
  },
};

export const brandsList: ListScreen<Brand> = {
  titles: { list: 'Бренды', create: 'Новый бренд' },
  paths: brandAdmin.paths,
  deletedMessage: brandAdmin.messages.deleted,
  leading: (row) => <Thumbnail name={row.image} alt={row.name} />,
  columns: [
    { label: 'Адрес (url)', render: (row) => row.url },
    {
      label: 'На главной',
      width: 130,
      render: (row) => (row.showOnMain ? <Badge variant="light">На главной</Badge> : <Text c="dimmed">—</Text>),
    },
  ],
  useList: (input) => trpc.catalogue.brands.list.useQuery(input),
  useDelete() {
    const utils = trpc.useUtils();
    const remove = trpc.catalogue.brands.delete.useMutation({ onSuccess: () => utils.catalogue.brands.invalidate() });
    return { remove: (id) => remove.mutateAsync({ brandId: id }), deleting: remove.isPending };
  },
};

function ProductAvailability({ product }: { product: ProductCard }) {
  // A status is read whole: the badge never cuts its words off.
  const status = { maw: 'none', style: { overflow: 'visible' } } as const;
  if (!product.availability) return <Badge color="gray" {...status}>Снят с продажи</Badge>;
  return product.inStock ? <Badge color="green" {...status}>В наличии</Badge> : <Badge color="orange" {...status}>Нет в наличии</Badge>;
}

function MinItemStock({ product }: { product: AdminProductCard }) {
  if (product.minItemStock > lowStockLimit) return <Text size="sm">{product.minItemStock}</Text>;
  return (
    <Text size="sm" c={product.minItemStock === 0 ? 'red.8' : 'orange.9'} fw={600}>
      {product.minItemStock}
    </Text>
  );
}

/** The admin's products, newest first, with the stock filters of StockFilters (set by ProductsListPage). */
export const productsList: ListScreen<AdminProductCard> = {
  titles: { list: 'Товары', create: 'Новый товар' },
  paths: productAdmin.paths,
  deletedMessage: productAdmin.messages.deleted,
  leading: (row) => <Thumbnail name={row.image} alt={row.name} />,
  columns: [
    {
      label: 'Цена',
      width: 150,
      render: (row) => (
        <Group gap={6} wrap="nowrap">
          <Text fw={600}>{formatRubles(row.price)}</Text>
          {row.oldPrice !== null && (
            <Text size="sm" c="dimmed" td="line-through">
              {formatRubles(row.oldPrice)}
            </Text>
          )}
        </Group>
      ),
    },
    { label: 'Бренд', width: 160, render: (row) => row.brands.map((brand) => brand.name).join(', ') || <Text c="dimmed">—</Text> },
    { label: 'Наличие', width: 170, render: (row) => <ProductAvailability product={row} /> },
    { label: 'Мин. остаток размера', width: 120, render: (row) => <MinItemStock product={row} /> },
  ],
  // The admin sees the newest first, as it works on them.
  useList: (input) => trpc.catalogue.stock.products.useQuery(input),
  useDelete() {
    const utils = trpc.useUtils();
    const remove = trpc.catalogue.products.delete.useMutation({ onSuccess: () => Promise.all([utils.catalogue.products.invalidate(), utils.catalogue.stock.invalidate()]) });
    return { remove: (id) => remove.mutateAsync({ productId: id }), deleting: remove.isPending };
  },
};
