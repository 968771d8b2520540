import { Button, Group, Pill } from '@mantine/core';
import { formatRubles } from '../../../shared/money.js';
import { clearedFilters, listFilterNames, type CatalogueQuery, type ListFilterName } from './catalogue-query';
import type { Facets } from './use-facets';

interface ActiveFilter {
  key: string;
  label: string;
  remove: Partial<CatalogueQuery>;
}

function labelOf(filter: ListFilterName, url: string, facets: Facets): string {
  switch (filter) {
    case 'categories':
      return facets.categoryIndex.get(url)?.node.name ?? url;
    case 'brands':
      return facets.brands.find((item) => item.url === url)?.name ?? url;
    case 'colors':
      return facets.colors.find((item) => item.url === url)?.name ?? url;
    case 'tags':
      return facets.tags.find((item) => item.url === url)?.name ?? url;
    case 'sizes':
      return `Размер ${facets.sizes.find((item) => item.url === url)?.name ?? url}`;
  }
}

function activeFilters(query: CatalogueQuery, facets: Facets): ActiveFilter[] {
  const active: ActiveFilter[] = [];
  if (query.name) active.push({ key: 'name', label: `«${query.name}»`, remove: { name: '' } });
  for (const filter of listFilterNames) {
    for (const url of query[filter]) {
      active.push({ key: `${filter}:${url}`, label: labelOf(filter, url, facets), remove: { [filter]: query[filter].filter((item) => item !== url) } });
    }
  }
  if (query.minPrice > 0 || query.maxPrice > 0) {
    const parts = [query.minPrice > 0 ? `от ${formatRubles(query.minPrice)}` : '', query.maxPrice > 0 ? `до ${formatRubles(query.maxPrice)}` : ''];
    active.push({ key: 'price', label: parts.filter(Boolean).join(' '), remove: { minPrice: 0, maxPrice: 0 } });
  }
  if (query.available) active.push({ key: 'available', label: 'В наличии', remove: { available: false } });
  return active;
}

/** The filters in force, each removable with its cross, and «Сбросить всё» (a lazy chunk: loaded once a filter is set). */
export default function ActiveFilters({ query, update, facets }: { query: CatalogueQuery; update: (change: Partial<CatalogueQuery>) => void; facets: Facets }) {
  const active = activeFilters(query, facets);
  if (active.length === 0) return null;
  return (
    <Group gap={6} aria-label="Выбранные фильтры">
      {active.map((filter) => (
        <Pill
          key={filter.key}
          size="md"
          withRemoveButton
          onRemove={() => update(filter.remove)}
          removeButtonProps={{ 'aria-label': `Убрать фильтр ${filter.label}` }}
        >
          {filter.label}
        </Pill>
      ))}
      {active.length > 1 && (
        <Button variant="subtle" size="compact-sm" onClick={() => update(clearedFilters)}>
          Сбросить всё
        </Button>
      )}
    </Group>
  );
}
