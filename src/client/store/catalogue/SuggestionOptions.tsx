import { Combobox, Group, Stack, Text } from '@mantine/core';
import { IconClock, IconSearch, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatRubles } from '../../../shared/money.js';
import type { SearchSuggestions } from '../../../shared/schemas/search.js';
import { ShopImage } from '../../ui/ShopImage';
import { categoryLabel } from './in-category';

/**
 * The option values of the header's suggestions: what picking one does is read from its prefix
 * (SearchSuggestions.tsx).
 */
export const optionValue = {
  category: (url: string) => `category:${url}`,
  brand: (url: string) => `brand:${url}`,
  product: (url: string) => `product:${url}`,
  text: (text: string) => `text:${text}`,
  clearRecent: 'clear-recent',
} as const;

export function readOption(value: string): { kind: string; target: string } {
  const colon = value.indexOf(':');
  return colon < 0 ? { kind: value, target: '' } : { kind: value.slice(0, colon), target: value.slice(colon + 1) };
}

function group(label: string, options: ReactNode[]): ReactNode {
  if (!options.length) return null;
  return (
    <Combobox.Group label={label} key={label}>
      {options}
    </Combobox.Group>
  );
}

/** While typing: «Категории» and «Бренды» above «Товары». */
export function MatchOptions({ data }: { data: SearchSuggestions }) {
  return (
    <>
      {group(
        'Категории',
        data.categories.map((category) => (
          <Combobox.Option value={optionValue.category(category.url)} key={`c-${category.url}`}>
            {categoryLabel(category.name, category.parentName)}
          </Combobox.Option>
        )),
      )}
      {group(
        'Бренды',
        data.brands.map((brand) => (
          <Combobox.Option value={optionValue.brand(brand.url)} key={`b-${brand.url}`}>
            {brand.name}
          </Combobox.Option>
        )),
      )}
      {group(
        'Товары',
        data.products.map((product) => (
          <Combobox.Option value={optionValue.product(product.url)} key={`p-${product.url}`}>
            <Group gap="sm" wrap="nowrap">
              <ShopImage name={product.image} alt="" w={36} h={48} radius="sm" fit="cover" sizes="36px" />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" lineClamp={1}>
                  {product.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatRubles(product.price)}
                </Text>
              </Stack>
            </Group>
          </Combobox.Option>
        )),
      )}
    </>
  );
}

function textOption(text: string, icon: ReactNode, prefix: string) {
  return (
    <Combobox.Option value={optionValue.text(text)} key={`${prefix}-${text}`}>
      <Group gap="xs" wrap="nowrap">
        {icon}
        <Text size="sm" lineClamp={1}>
          {text}
        </Text>
      </Group>
    </Combobox.Option>
  );
}

/** On focus with nothing typed: this device's recent searches (with a way to clear them) and the shop's popular ones. */
export function StartOptions({ recent, popular }: { recent: string[]; popular: string[] }) {
  const seen = new Set(recent.map((text) => text.toLowerCase()));
  const clear = (
    <Combobox.Option value={optionValue.clearRecent} key="clear-recent">
      <Group gap="xs" wrap="nowrap">
        <IconTrash size={14} aria-hidden />
        <Text size="sm" c="dimmed">
          Очистить недавние запросы
        </Text>
      </Group>
    </Combobox.Option>
  );
  return (
    <>
      {group('Недавние запросы', recent.length ? [...recent.map((text) => textOption(text, <IconClock size={14} aria-hidden />, 'r')), clear] : [])}
      {group(
        'Популярные запросы',
        popular.filter((text) => !seen.has(text.toLowerCase())).map((text) => textOption(text, <IconSearch size={14} aria-hidden />, 's')),
      )}
    </>
  );
}
