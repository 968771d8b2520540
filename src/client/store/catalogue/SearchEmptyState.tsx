import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconMoodEmpty } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { routes } from '../../routes';
import { trpc } from '../../trpc';
import { nameSearch } from './catalogue-query';
import { ProductGrid, ProductGridSkeleton } from './ProductGrid';

/** The home page's «Хиты продаж» tag: what the shop sells most, shown when a search finds nothing. */
const POPULAR_TAG = 'hit-prodazh';
const POPULAR_PRODUCTS = 8;

interface SearchEmptyStateProps {
  /** The list answer's nearest known words to a word that matched nothing. */
  suggestions: string[];
  /** Whether the shopper searched by name (then the shop's popular searches may stand in for suggestions). */
  searched: boolean;
  /** Clears the filters and the search; absent when there is nothing to clear. */
  onReset?: () => void;
}

/** Popular products: the «Хит продаж» tag, or the best rated when the shop tags none. */
function PopularProducts() {
  const hits = trpc.catalogue.products.list.useQuery({ tags: [POPULAR_TAG], available: true, limit: POPULAR_PRODUCTS }, { meta: { silent: true } });
  const noHits = hits.data?.rows.length === 0;
  const rated = trpc.catalogue.products.list.useQuery({ available: true, sortBy: 'rating', orderBy: 'desc', limit: POPULAR_PRODUCTS }, { enabled: noHits, meta: { silent: true } });
  const rows = noHits ? rated.data?.rows : hits.data?.rows;
  if (rows?.length === 0) return null;
  return (
    <Stack gap="md" component="section" aria-label="Популярные товары" w="100%" data-testid="popular-products">
      <Title order={2} size="h3">
        Популярные товары
      </Title>
      {rows ? <ProductGrid products={rows} /> : <ProductGridSkeleton count={4} />}
    </Stack>
  );
}

/**
 * The results page when nothing is found (docs/search.md, "Suggestions and popular searches"):
 * «Возможно, вы искали: …» with the nearest known words (or, when there are none, the shop's
 * popular searches) as links, and popular products instead of an empty page.
 */
export default function SearchEmptyState({ suggestions, searched, onReset }: SearchEmptyStateProps) {
  const popularSearches = trpc.catalogue.search.popular.useQuery({ limit: 5 }, { enabled: searched && suggestions.length === 0, staleTime: 300_000, meta: { silent: true } });
  const words = suggestions.length ? suggestions : searched ? (popularSearches.data?.queries ?? []) : [];
  return (
    <Stack gap="xl" py="xl">
      <Stack align="center" gap="sm">
        <IconMoodEmpty size={48} color="var(--mantine-color-gray-5)" aria-hidden />
        <Text fw={600}>Ничего не найдено</Text>
        <Text c="dimmed" ta="center">
          Попробуйте изменить условия поиска или сбросить фильтры.
        </Text>
        {words.length > 0 && (
          <Group gap="xs" justify="center" data-testid="search-suggestions">
            <Text>Возможно, вы искали:</Text>
            {words.map((word) => (
              <Anchor key={word} component={Link} to={routes.catalog + nameSearch(word)}>
                {word}
              </Anchor>
            ))}
          </Group>
        )}
        {onReset && (
          <Button variant="light" onClick={onReset}>
            Сбросить фильтры
          </Button>
        )}
      </Stack>
      <PopularProducts />
    </Stack>
  );
}
