import { Anchor, Badge, Box, Button, Group, NativeSelect, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { routes } from '../../routes';
import { trpc } from '../../trpc';
import { useTitle } from '../../ui/use-title';
import { CatalogueFilters } from './CatalogueFilters';
import { clearedFilters, countFilters, nameSearch, PAGE_SIZE, sortOptions, toListInput, type CatalogueQuery, type SortKey } from './catalogue-query';
import { CatalogueBreadcrumbs } from './CatalogueBreadcrumbs';
import type { CategoryEntry } from './category-tree';
import { ProductGrid, ProductGridSkeleton } from './ProductGrid';
import { productTotal } from '../../ui/russian-plural';
import { useCatalogueQuery } from './use-catalogue-query';

const FilterDrawer = lazy(() => import('./FilterDrawer'));
const ActiveFilters = lazy(() => import('./ActiveFilters'));
const SearchEmptyState = lazy(() => import('./SearchEmptyState'));
import { useFacets } from './use-facets';
import { WhenVisible } from '../../ui/WhenVisible';
import { skipTargets } from '../../ui/skip-targets';

// The page numbers stand below the products: their code loads as the shopper scrolls to them.
const ShopPagination = lazy(() => import('../../ui/ShopPagination').then((module) => ({ default: module.ShopPagination })));

function headingOf(query: CatalogueQuery, category: CategoryEntry | undefined): string {
  if (query.name) return `Поиск: «${query.name}»`;
  if (category) return category.node.name;
  return 'Каталог';
}

/** /catalog: filters in a sidebar (a drawer on phones), sort, the product grid and pages. */
export default function CataloguePage() {
  const { query, update } = useCatalogueQuery();
  const facets = useFacets(query);
  const list = trpc.catalogue.products.list.useQuery(toListInput(query), { placeholderData: keepPreviousData });
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const [drawerOpened, drawer] = useDisclosure(false);
  // The phone's filter drawer (and Mantine's Drawer with it) loads when first opened, then stays for its closing animation.
  const [drawerWanted, setDrawerWanted] = useState(false);
  if (drawerOpened && !drawerWanted) setDrawerWanted(true);

  const category = query.categories.length === 1 ? facets.categoryIndex.get(query.categories[0] ?? '') : undefined;
  const heading = headingOf(query, category);
  useTitle(query.page > 1 ? `${heading} — страница ${query.page}` : heading);

  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [query.page]);
  useEffect(() => {
    if (wide) drawer.close();
  }, [wide, drawer]);

  const total = list.data?.length ?? 0;
  const approximate = list.data?.approximate ?? false;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // A page beyond the last (an old link, /catalog?page=99) goes to the last page.
  const beyondLast = Boolean(list.data && !list.isPlaceholderData && total > 0 && list.data.rows.length === 0 && query.page > pageCount);
  useEffect(() => {
    if (beyondLast) update({ page: pageCount }, { replace: true });
  }, [beyondLast, pageCount, update]);
  const filterCount = countFilters(query);
  const filters = <CatalogueFilters query={query} update={update} facets={facets} />;

  return (
    <Stack gap="md">
      <CatalogueBreadcrumbs trail={category?.ancestors ?? []} />
      <Group gap="sm" align="baseline">
        <Title order={1} size="h2">
          {heading}
        </Title>
        {list.data && (
          <Text c="dimmed" data-testid="catalogue-count">
            {productTotal(total, approximate)}
          </Text>
        )}
      </Group>
      {list.data?.correctedQuery && (
        <Text data-testid="corrected-query">
          Показаны результаты по запросу „
          <Anchor component={Link} to={routes.catalog + nameSearch(list.data.correctedQuery)} fw={600}>
            {list.data.correctedQuery}
          </Anchor>
          “
        </Text>
      )}

      <Group align="flex-start" gap="xl" wrap="nowrap">
        {wide && (
          <Box component="aside" w={260} style={{ flexShrink: 0 }} aria-label="Фильтры">
            {filters}
          </Box>
        )}
        <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            {!wide && (
              <Button
                variant="default"
                leftSection={<IconAdjustmentsHorizontal size={18} />}
                rightSection={filterCount > 0 ? <Badge size="sm" circle>{filterCount}</Badge> : undefined}
                onClick={drawer.open}
                style={{ flexShrink: 0 }}
              >
                Фильтры
              </Button>
            )}
            <NativeSelect
              aria-label="Сортировка"
              data={sortOptions.filter((option) => query.name || option.value !== 'relevance').map((option) => ({ value: option.value, label: option.label }))}
              value={query.sort}
              onChange={(event) => update({ sort: event.currentTarget.value as SortKey })}
              ml="auto"
              style={{ flex: '0 1 220px', minWidth: 0 }}
            />
          </Group>
          {(filterCount > 0 || query.name) && (
            <Suspense fallback={null}>
              <ActiveFilters query={query} update={update} facets={facets} />
            </Suspense>
          )}

          {/* Where «Перейти к товарам» leads: past the filters, the next Tab is the first card. */}
          <VisuallyHidden component="h2" id={skipTargets.catalogueProducts}>
            Товары
          </VisuallyHidden>
          {!list.data && list.isLoading && <ProductGridSkeleton count={8} />}
          {list.data && list.data.rows.length > 0 && (
            <Box style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={list.isPlaceholderData}>
              <ProductGrid products={list.data.rows} />
            </Box>
          )}
          {list.data && list.data.rows.length === 0 && (
            <Suspense fallback={null}>
              <SearchEmptyState suggestions={list.data.suggestions ?? []} searched={Boolean(query.name)} onReset={filterCount > 0 || query.name ? () => update(clearedFilters) : undefined} />
            </Suspense>
          )}
          {pageCount > 1 && (
            <WhenVisible minHeight={48}>
              <ShopPagination
                total={pageCount}
                value={Math.min(query.page, pageCount)}
                onChange={(page) => update({ page })}
                siblings={wide ? 1 : 0}
                boundaries={1}
                mx="auto"
                mt="md"
                aria-label="Страницы каталога"
              />
            </WhenVisible>
          )}
        </Stack>
      </Group>

      {drawerWanted && (
        <Suspense fallback={null}>
          <FilterDrawer opened={drawerOpened} onClose={drawer.close} showLabel={list.data ? `Показать ${productTotal(total, approximate)}` : 'Показать'}>
            {filters}
          </FilterDrawer>
        </Suspense>
      )}
    </Stack>
  );
}
