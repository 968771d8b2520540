import { Combobox, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { routes } from '../../routes';
import { trpc } from '../../trpc';
import { clearRecentSearches, readRecentSearches, rememberSearch } from './recent-searches';
import { searchInputProps } from './search-input';
import { MatchOptions, readOption, StartOptions } from './SuggestionOptions';

const MIN_TERM_LENGTH = 2;
const POPULAR = 5;

export interface SearchSuggestionsProps {
  value: string;
  onChange: (value: string) => void;
  /** Opens the results page for a text (the surrounding form's submit). */
  onSearch: (text: string) => void;
  /** Take the focus on mounting: the plain input this replaces still had it. */
  autoFocus: boolean;
}

/** A phone (narrow or touch): after a search the input lets go of the focus so the keyboard hides. */
function onPhone(): boolean {
  return window.matchMedia('(max-width: 48em), (pointer: coarse)').matches;
}

/**
 * The header's search input with suggestions (docs/search.md, "Suggestions and popular searches").
 * While typing: matching categories («Кроссовки в Обуви», opening the catalogue filtered by it),
 * brands (their filter) and up to five products (their pages). With nothing typed, on focus: this
 * device's recent searches and the shop's popular ones. Enter without a chosen option searches the
 * typed text (the form's submit); the list closes on Enter and on a pick, and stays closed until
 * the shopper types or focuses again (answers arriving later never reopen it).
 */
export default function SearchSuggestions({ value, onChange, onSearch, autoFocus }: SearchSuggestionsProps) {
  const navigate = useNavigate();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const inputRef = useRef<HTMLInputElement>(null);
  const [recent, setRecent] = useState(readRecentSearches);
  const [term] = useDebouncedValue(value.trim(), 200);
  const typing = value.trim().length >= MIN_TERM_LENGTH;
  const matches = trpc.catalogue.search.suggest.useQuery(
    { q: term },
    { enabled: term.length >= MIN_TERM_LENGTH, placeholderData: keepPreviousData, staleTime: 60_000, meta: { silent: true } },
  );
  const popular = trpc.catalogue.search.popular.useQuery({ limit: POPULAR }, { staleTime: 300_000, meta: { silent: true } });

  const finish = () => {
    combobox.closeDropdown();
    if (onPhone()) inputRef.current?.blur();
  };

  const searchFor = (text: string) => {
    if (text.trim()) setRecent(rememberSearch(text));
    onChange(text);
    finish();
    onSearch(text);
  };

  const pick = (value: string) => {
    const { kind, target } = readOption(value);
    if (kind === 'clear-recent') {
      clearRecentSearches();
      setRecent([]);
      return;
    }
    finish();
    if (kind === 'text') searchFor(target);
    else if (kind === 'category') void navigate(`${routes.catalog}?categories=${encodeURIComponent(target)}`);
    else if (kind === 'brand') void navigate(`${routes.catalog}?brands=${encodeURIComponent(target)}`);
    else if (kind === 'product') void navigate(routes.product(target));
  };

  const data = typing && matches.data ? matches.data : null;
  const found = data ? data.categories.length + data.brands.length + data.products.length > 0 : false;
  const popularTexts = popular.data?.queries ?? [];
  const hasOptions = typing ? found : recent.length > 0 || popularTexts.length > 0;

  return (
    <Combobox store={combobox} onOptionSubmit={pick} shadow="md">
      <Combobox.Target>
        <TextInput
          {...searchInputProps}
          ref={inputRef}
          // Focusing opens the list.
          autoFocus={autoFocus}
          autoComplete="off"
          value={value}
          onChange={(event) => {
            onChange(event.currentTarget.value);
            combobox.openDropdown();
            combobox.resetSelectedOption();
          }}
          onFocus={() => combobox.openDropdown()}
          onClick={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(event) => {
            // Enter with no option chosen searches the typed text (as the form would) and closes the
            // list; done here so the phone's input can let go of the focus after it.
            if (event.key === 'Enter' && combobox.getSelectedOptionIndex() === -1) {
              event.preventDefault();
              searchFor(value);
            }
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!hasOptions}>
        <Combobox.Options aria-label="Подсказки поиска" mah={420} style={{ overflowY: 'auto' }}>
          {typing ? data && <MatchOptions data={data} /> : <StartOptions recent={recent} popular={popularTexts} />}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
