import { ActionIcon, Anchor, Box, Checkbox, Chip, ColorSwatch, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import type { CategoryTreeNode } from '../../../shared/schemas/catalogue.js';
import type { CatalogueQuery, ListFilterName } from './catalogue-query';
import { subtreeHasAny } from './category-tree';
import { PriceFilter } from './PriceFilter';
import type { Facets } from './use-facets';

const COLLAPSED_LIST_LENGTH = 8;

interface FiltersProps {
  query: CatalogueQuery;
  update: (change: Partial<CatalogueQuery>) => void;
  facets: Facets;
}

function FilterSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function toggled(list: readonly string[], value: string, on: boolean): string[] {
  return on ? [...list.filter((item) => item !== value), value] : list.filter((item) => item !== value);
}

function CategoryBranch({ node, selected, onToggle, depth }: { node: CategoryTreeNode; selected: ReadonlySet<string>; onToggle: (url: string, on: boolean) => void; depth: number }) {
  const [expanded, setExpanded] = useState(() => node.children.some((child) => subtreeHasAny(child, selected)));
  return (
    <Box>
      <Group gap={4} wrap="nowrap" pl={depth * 22}>
        <Checkbox
          label={node.name}
          checked={selected.has(node.url)}
          onChange={(event) => onToggle(node.url, event.currentTarget.checked)}
          style={{ flex: 1 }}
        />
        {node.children.length > 0 && (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={expanded ? `Свернуть «${node.name}»` : `Развернуть «${node.name}»`}
            aria-expanded={expanded}
            onClick={() => setExpanded((value) => !value)}
          >
            {expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
          </ActionIcon>
        )}
      </Group>
      {expanded && (
        <Stack gap={6} mt={6}>
          {node.children.map((child) => (
            <CategoryBranch key={child.id} node={child} selected={selected} onToggle={onToggle} depth={depth + 1} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

/** A long list shows its first entries and a «Показать все» link. */
function CollapsibleList<T>({ items, render }: { items: T[]; render: (item: T) => ReactNode }) {
  const [all, setAll] = useState(false);
  const shown = all ? items : items.slice(0, COLLAPSED_LIST_LENGTH);
  return (
    <Stack gap={6}>
      {shown.map(render)}
      {items.length > COLLAPSED_LIST_LENGTH && (
        <Anchor component="button" type="button" size="sm" ta="left" onClick={() => setAll((value) => !value)}>
          {all ? 'Свернуть' : `Показать все (${items.length})`}
        </Anchor>
      )}
    </Stack>
  );
}

/** Every catalogue filter; each change goes straight to the query string. */
export function CatalogueFilters({ query, update, facets }: FiltersProps) {
  const toggle = (filter: ListFilterName, value: string, on: boolean) => update({ [filter]: toggled(query[filter], value, on) });
  const selectedCategories = new Set(query.categories);

  return (
    <Stack gap="lg">
      {facets.tree.length > 0 && (
        <FilterSection title="Категории">
          <Stack gap={6}>
            {facets.tree.map((node) => (
              <CategoryBranch key={node.id} node={node} selected={selectedCategories} onToggle={(url, on) => toggle('categories', url, on)} depth={0} />
            ))}
          </Stack>
        </FilterSection>
      )}
      <Divider />
      <FilterSection title="Цена, ₽">
        <PriceFilter minPrice={query.minPrice} maxPrice={query.maxPrice} range={facets.priceRange} onChange={(range) => update(range)} />
      </FilterSection>
      <Checkbox label="Только в наличии" checked={query.available} onChange={(event) => update({ available: event.currentTarget.checked })} />
      {facets.brands.length > 0 && (
        <>
          <Divider />
          <FilterSection title="Бренды">
            <CollapsibleList
              items={facets.brands}
              render={(brand) => (
                <Checkbox
                  key={brand.id}
                  label={brand.name}
                  checked={query.brands.includes(brand.url)}
                  onChange={(event) => toggle('brands', brand.url, event.currentTarget.checked)}
                />
              )}
            />
          </FilterSection>
        </>
      )}
      {facets.colors.length > 0 && (
        <>
          <Divider />
          <FilterSection title="Цвет">
            <CollapsibleList
              items={facets.colors}
              render={(color) => (
                <Checkbox
                  key={color.id}
                  checked={query.colors.includes(color.url)}
                  onChange={(event) => toggle('colors', color.url, event.currentTarget.checked)}
                  aria-label={color.name}
                  label={
                    <Group gap={8} wrap="nowrap" component="span">
                      <ColorSwatch color={color.code} size={16} component="span" />
                      <Text span size="sm">
                        {color.name}
                      </Text>
                    </Group>
                  }
                />
              )}
            />
          </FilterSection>
        </>
      )}
      {facets.sizes.length > 0 && (
        <>
          <Divider />
          <FilterSection title="Размер">
            <Chip.Group multiple value={query.sizes} onChange={(sizes) => update({ sizes })}>
              <Group gap={6}>
                {facets.sizes.map((size) => (
                  <Chip key={size.id} value={size.url} size="sm" radius="sm">
                    {size.name}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </FilterSection>
        </>
      )}
      {facets.tags.length > 0 && (
        <>
          <Divider />
          <FilterSection title="Подборки">
            <Chip.Group multiple value={query.tags} onChange={(tags) => update({ tags })}>
              <Group gap={6}>
                {facets.tags.map((tag) => (
                  <Chip key={tag.id} value={tag.url} size="sm" variant="outline">
                    {tag.name}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </FilterSection>
        </>
      )}
    </Stack>
  );
}
