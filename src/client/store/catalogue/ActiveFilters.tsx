import { Button, Group, Pill } from '@mantine/core';
import { useEffect, useRef } from 'react';
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

/**
 * The filters in force, each removable with its cross (a Tab stop), and «Сбросить всё» (a lazy chunk:
 * loaded once a filter is set). On a phone, where the filters are in a drawer, this row is the way to them.
 */
export default function ActiveFilters({ query, update, facets }: { query: CatalogueQuery; update: (change: Partial<CatalogueQuery>) => void; facets: Facets }) {
  const active = activeFilters(query, facets);
  const row = useRef<HTMLDivElement>(null);
  // The place of a filter removed from the keyboard: the focus goes to the cross now there.
  const removedAt = useRef<number | null>(null);
  useEffect(() => {
    if (removedAt.current === null) return;
    const buttons = row.current?.querySelectorAll('button');
    if (buttons?.length) buttons[Math.min(removedAt.current, buttons.length - 1)]?.focus();
    removedAt.current = null;
  }, [active.length]);
  if (active.length === 0) return null;
  return (
    <Group gap={6} aria-label="Выбранные фильтры" ref={row}>
      {active.map((filter, position) => (
        <Pill
          key={filter.key}
          size="md"
          withRemoveButton
          onRemove={() => {
            if (row.current?.contains(document.activeElement)) removedAt.current = position;
            update(filter.remove);
          }}
          // Mantine hides the cross from the keyboard and screen readers (it is made for inputs of pills); here it is the only way to remove.
          removeButtonProps={{ 'aria-label': `Убрать фильтр ${filter.label}`, 'aria-hidden': false, tabIndex: 0 }}
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
