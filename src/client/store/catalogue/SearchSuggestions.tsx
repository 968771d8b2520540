import { Autocomplete, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { formatRubles } from '../../../shared/money.js';
import { routes } from '../../routes';
import { trpc } from '../../trpc';
import { ShopImage } from '../../ui/ShopImage';
import { searchInputProps } from './search-input';

const SUGGESTIONS = 5;
const MIN_TERM_LENGTH = 2;

export interface SearchSuggestionsProps {
  value: string;
  onChange: (value: string) => void;
  /** Take the focus on mounting: the plain input this replaces still had it. */
  autoFocus: boolean;
}

/**
 * The search input with up to five matching products under it; choosing one opens its page, Enter
 * without a chosen suggestion submits the surrounding search form.
 */
export default function SearchSuggestions({ value, onChange, autoFocus }: SearchSuggestionsProps) {
  const navigate = useNavigate();
  const [term] = useDebouncedValue(value.trim(), 250);
  const suggestions = trpc.catalogue.products.list.useQuery(
    { name: term, limit: SUGGESTIONS },
    { enabled: term.length >= MIN_TERM_LENGTH, placeholderData: keepPreviousData, meta: { silent: true } },
  );
  const products = term.length >= MIN_TERM_LENGTH ? (suggestions.data?.rows ?? []) : [];
  const byUrl = new Map(products.map((product) => [product.url, product]));

  return (
    <Autocomplete
      {...searchInputProps}
      autoFocus={autoFocus}
      value={value}
      onChange={onChange}
      data={products.map((product) => ({ value: product.url, label: product.name }))}
      // The server already matched word forms and typos; the list is shown as it came.
      filter={({ options }) => options}
      limit={SUGGESTIONS}
      // Autocomplete then puts the option's label, the product's name, into the input.
      onOptionSubmit={(url) => void navigate(routes.product(url))}
      renderOption={({ option }) => {
        const product = byUrl.get(option.value);
        if (!product) return option.value;
        return (
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
        );
      }}
      comboboxProps={{ shadow: 'md' }}
    />
  );
}
