import { keepPreviousData } from '@tanstack/react-query';
import { useMemo } from 'react';
import { trpc } from '../../trpc';
import { toFilterInput, type CatalogueQuery } from './catalogue-query';
import { indexCategoryTree } from './category-tree';

/** Filter lists load up to 1000 items: every value of a dictionary in one request. */
const FILTER_LIST_LIMIT = 1000;

/**
 * What the filters offer: the category tree, and the brands and colours of the chosen category
 * (all of them when none or several are chosen), tags, sizes and the price range of the rest of
 * the filters.
 */
export function useFacets(query: CatalogueQuery) {
  const category = query.categories.length === 1 ? { category: query.categories[0] } : {};
  const tree = trpc.catalogue.categories.tree.useQuery({}, { staleTime: 5 * 60_000 });
  const brands = trpc.catalogue.brands.list.useQuery(
    { ...category, limit: FILTER_LIST_LIMIT, sortBy: 'name' },
    { placeholderData: keepPreviousData },
  );
  const colors = trpc.catalogue.colors.list.useQuery(
    { ...category, limit: FILTER_LIST_LIMIT, sortBy: 'name' },
    { placeholderData: keepPreviousData },
  );
  const tags = trpc.catalogue.tags.list.useQuery({ limit: FILTER_LIST_LIMIT, sortBy: 'name' }, { staleTime: 5 * 60_000 });
  const sizes = trpc.catalogue.sizes.list.useQuery({ limit: FILTER_LIST_LIMIT, sortBy: 'id' }, { staleTime: 5 * 60_000 });
  const priceRange = trpc.catalogue.products.priceRange.useQuery(toFilterInput(query, false), { placeholderData: keepPreviousData });

  const categoryTree = tree.data;
  const categoryIndex = useMemo(() => indexCategoryTree(categoryTree ?? []), [categoryTree]);
  return {
    tree: categoryTree ?? [],
    categoryIndex,
    brands: brands.data?.rows ?? [],
    colors: colors.data?.rows ?? [],
    tags: tags.data?.rows ?? [],
    sizes: sizes.data?.rows ?? [],
    priceRange: priceRange.data,
  };
}

export type Facets = ReturnType<typeof useFacets>;
