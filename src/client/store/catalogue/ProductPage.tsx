import { Anchor, Badge, Box, Button, Center, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconStarFilled, IconTruckDelivery } from '@tabler/icons-react';
import { lazy, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { countRu } from '../../../shared/plural.js';
import type { Product, Variant } from '../../../shared/schemas/catalogue.js';
import { routes } from '../../routes';
import { httpStatusOf, trpc } from '../../trpc';
import { errorMessageOf } from '../../ui/toast';
import { useTitle } from '../../ui/use-title';
import { catalogueSearch } from './catalogue-query';
import { CatalogueBreadcrumbs } from './CatalogueBreadcrumbs';
import { DiscoverySection } from './discovery/DiscoverySection';
import { indexCategoryTree } from './category-tree';
import { ProductGallery } from './ProductGallery';
import { ProductPrice } from '../../ui/ProductPrice';
import { sizeInStock, sizeStock } from '../../ui/stock';
import { StockLine } from '../../ui/StockLine';
import { WhenVisible } from '../../ui/WhenVisible';
import { VariantPicker } from '../../ui/VariantPicker';
import { sizePrompt } from '../orders/messages';
import { ProductBuyBox } from '../orders/ProductBuyBox';
import { SizePicker } from '../orders/SizePicker';
import { SizeChartButton } from './SizeChartButton';
import { SoldOutSizes } from './SoldOutSizes';
import { StockAlertButton } from './StockAlertButton';

// Reviews and questions are their own chunk, loaded as the shopper scrolls towards them (or follows
// the «N отзывов» link to their placeholder): the product page's first load stays in its budget.
const ProductFeedback = lazy(() => import('../reviews/ProductFeedback'));

/** The variant in the query string, else the first one in stock, else the first. */
function chooseVariant(product: Product, variantParam: string | null): Variant | undefined {
  return (
    product.variants.find((variant) => String(variant.id) === variantParam) ??
    product.variants.find((variant) => variant.stock > 0) ??
    product.variants[0]
  );
}

/** The stock of the chosen size, or of the colour before a size is chosen. */
function Availability({ product, variant, size }: { product: Product; variant: Variant; size: { id: number; name: string } | undefined }) {
  if (!product.availability) return <Badge color="gray" size="lg" variant="light">Снят с продажи</Badge>;
  return size ? <StockLine stock={sizeStock(variant, size.id)} sizeName={size.name} /> : <StockLine stock={variant.stock} />;
}

function Characteristics({ product, variant }: { product: Product; variant: Variant }) {
  const joined = (items: Array<{ name: string }>) => items.map((item) => item.name).join(', ');
  const rows: Array<[string, ReactNode]> = [['Артикул', variant.article]];
  if (product.brands.length) rows.push(['Бренд', joined(product.brands)]);
  if (product.categories.length) rows.push(['Категория', joined(product.categories)]);
  if (variant.color) rows.push(['Цвет', variant.color.name]);
  rows.push(...Object.entries(product.parameters));
  if (product.sizes.length) rows.push(['Размеры', joined(product.sizes)]);
  // A plain two-column table: Mantine's Table brings its scroll container (ScrollArea and, through
  // the shared chunk, floating-ui: 18 KB) into the product page's first load for eight rows.
  return (
    <Box component="table" w="100%" fz="sm" style={{ borderCollapse: 'collapse', tableLayout: 'fixed' }}>
      <tbody>
        {rows.map(([name, value], index) => (
          <Box component="tr" key={name} bg={index % 2 === 0 ? 'gray.0' : undefined}>
            <Box component="th" w="40%" fw={400} c="dimmed" ta="left" px="sm" py={6} scope="row">
              {name}
            </Box>
            <Box component="td" px="sm" py={6}>
              {value}
            </Box>
          </Box>
        ))}
      </tbody>
    </Box>
  );
}

function ProductView({ product }: { product: Product }) {
  const [params, setParams] = useSearchParams();
  const variant = chooseVariant(product, params.get('variant'));
  // A size sold out in this colour cannot be chosen, not even through the link.
  const chosenSize = sizeInStock(variant, product.sizes.find((item) => item.url === params.get('size')));
  const size = chosenSize?.url ?? null;
  const [sizePrompted, setSizePrompted] = useState(false);
  const setParam = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) current.delete(key);
          else current.set(key, value);
        }
        return current;
      },
      { replace: true },
    );
  // Another colour keeps the chosen size when that size is in stock in it.
  const chooseColour = (next: Variant) => setParam({ variant: String(next.id), size: sizeInStock(next, chosenSize)?.url ?? null });

  // The category tree (cached with the menu's) names the whole path to the product's category.
  const tree = trpc.catalogue.categories.tree.useQuery({}, { staleTime: 5 * 60_000, meta: { silent: true } });
  const categoryIndex = useMemo(() => indexCategoryTree(tree.data ?? []), [tree.data]);
  const category = product.categories[0];
  const trail = category ? [...(categoryIndex.get(category.url)?.ancestors ?? []), category] : [];
  const images = variant?.images.length ? variant.images : product.image ? [product.image] : [];

  return (
    <Stack gap="lg">
      <CatalogueBreadcrumbs trail={trail} styles={{ root: { flexWrap: 'wrap' } }} />

      <Grid gap={{ base: 'md', md: 'xl' }}>
        <Grid.Col span={{ base: 12, sm: 6, md: 5 }}>
          <ProductGallery key={variant?.id ?? 0} images={images} alt={product.name} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 7 }}>
          <Stack gap="md">
            <Stack gap={4}>
              {product.brands[0] && (
                <Anchor component={Link} to={routes.catalog + catalogueSearch('brands', product.brands[0].url)} size="sm" fw={600} tt="uppercase">
                  {product.brands[0].name}
                </Anchor>
              )}
              <Title order={1} size="h2">
                {product.name}
              </Title>
              {variant && (
                <Text size="sm" c="dimmed">
                  Артикул: {(chosenSize && variant.items.find((item) => item.sizeId === chosenSize.id)?.article) ?? variant.article}
                </Text>
              )}
              {product.rating !== null && product.reviewCount > 0 && (
                <Anchor href="#reviews-title" size="sm" c="dark">
                  <Group gap={4} component="span">
                    <IconStarFilled size={16} color="var(--mantine-color-yellow-6)" aria-hidden />
                    {product.rating.toLocaleString('ru-RU', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} ·{' '}
                    {countRu(product.reviewCount, ['отзыв', 'отзыва', 'отзывов'])}
                  </Group>
                </Anchor>
              )}
            </Stack>

            {variant ? (
              <>
                <ProductPrice price={variant.price} oldPrice={variant.oldPrice} size="xl" withDiscount />
                {product.variants.length > 1 && <VariantPicker variants={product.variants} selected={variant} onSelect={chooseColour} />}
              </>
            ) : (
              <Text c="dimmed">Нет в наличии</Text>
            )}

            {product.sizes.length > 0 && (
              <SizePicker
                sizes={product.sizes}
                stockOf={(sizeId) => (variant ? sizeStock(variant, sizeId) : 0)}
                value={size}
                onChange={(next) => {
                  setSizePrompted(false);
                  setParam({ size: next });
                }}
                error={sizePrompted ? sizePrompt : null}
              />
            )}
            <SizeChartButton productId={product.id} />
            {/* The place for «Сообщить о поступлении» on each sold-out size: its `action`. */}
            {variant && (
              <SoldOutSizes
                product={product}
                variant={variant}
                action={(sizeId) => <StockAlertButton productId={product.id} variantId={variant.id} sizeId={sizeId} price={variant.price} />}
              />
            )}

            {variant && (
              <>
                <ProductBuyBox product={product} variant={variant} sizeId={chosenSize?.id ?? null} onSizeMissing={() => setSizePrompted(true)} />
                <Availability product={product} variant={variant} size={chosenSize} />
              </>
            )}

            {product.tags.length > 0 && (
              <Group gap={6}>
                {product.tags.map((tag) => (
                  <Badge key={tag.id} component={Link} to={routes.catalog + catalogueSearch('tags', tag.url)} variant="light" style={{ cursor: 'pointer' }}>
                    {tag.name}
                  </Badge>
                ))}
              </Group>
            )}

            <Paper withBorder radius="md" p="sm" bg="gray.0">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <IconTruckDelivery size={22} color="var(--mantine-color-blue-6)" style={{ flexShrink: 0 }} />
                <Text size="sm">Доставка по всей России от 1 дня. Оплата при получении, примерка перед покупкой.</Text>
              </Group>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>

      <Grid gap={{ base: 'md', md: 'xl' }}>
        {product.desc && (
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="sm" component="section" aria-label="Описание">
              <Title order={2} size="h3">
                Описание
              </Title>
              <Text style={{ whiteSpace: 'pre-line' }}>{product.desc}</Text>
            </Stack>
          </Grid.Col>
        )}
        {variant && (
          <Grid.Col span={{ base: 12, md: product.desc ? 6 : 12 }}>
            <Stack gap="sm" component="section" aria-label="Характеристики">
              <Title order={2} size="h3">
                Характеристики
              </Title>
              <Characteristics product={product} variant={variant} />
            </Stack>
          </Grid.Col>
        )}
      </Grid>

      <WhenVisible minHeight={480} id="reviews-title">
        <ProductFeedback productId={product.id} productName={product.name} />
      </WhenVisible>
      <DiscoverySection url={product.url} />
    </Stack>
  );
}

/** /product/{url}: the product with variant and size choice, price, availability and characteristics. */
export default function ProductPage() {
  const { url = '' } = useParams();
  const product = trpc.catalogue.products.byUrl.useQuery({ url }, { enabled: url !== '', meta: { silent: true } });
  const notFound = httpStatusOf(product.error) === 404;
  // Another product's page opens at its top, not where the previous page was scrolled to.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [url]);
  useTitle(product.data?.name ?? (notFound ? 'Товар не найден' : product.error ? 'Ошибка' : 'Товар'));

  if (product.data) return <ProductView product={product.data} />;
  if (product.error) {
    return (
      <Stack align="center" py="xl" gap="sm">
        <Title order={1} size="h2">
          {notFound ? 'Товар не найден' : 'Не удалось загрузить товар'}
        </Title>
        <Text c="dimmed" ta="center">
          {notFound ? 'Возможно, он был удалён или ссылка набрана с ошибкой.' : errorMessageOf(product.error)}
        </Text>
        <Button component={Link} to={routes.catalog}>
          Перейти в каталог
        </Button>
      </Stack>
    );
  }
  return (
    <Center h="50vh">
      <Loader />
    </Center>
  );
}
