import { TextInput } from '@mantine/core';
import { useRef, useState, type ComponentType } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { routes } from '../../routes';
import { searchInputProps } from './search-input';
import type { SearchSuggestionsProps } from './SearchSuggestions';

// Suggestions need Mantine's Autocomplete (and floating-ui with it): they load on the first focus,
// so the storefront's first JavaScript stays small. Until then the same-looking plain input serves.
const loadSuggestions = () => import('./SearchSuggestions');

interface LoadedSuggestions {
  Suggestions: ComponentType<SearchSuggestionsProps>;
  /** The plain input still had the focus when the chunk arrived: the new input takes it over. */
  focus: boolean;
}

/** The header's product search (display flag `searchForm`): suggestions while typing, Enter opens the catalogue. */
export function SearchForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const [value, setValue] = useState(() => (location.pathname === routes.catalog ? (new URLSearchParams(location.search).get('name') ?? '') : ''));
  // The plain input stays mounted until the chunk has arrived (a Suspense fallback would replace it
  // and drop the focus on the page body), and the focus moves over only if the shopper is still here.
  const [loaded, setLoaded] = useState<LoadedSuggestions | null>(null);
  const plainInput = useRef<HTMLInputElement>(null);

  // Follow the catalogue's own search term when the shopper arrives at it some other way.
  const [shownSearch, setShownSearch] = useState(location.search);
  if (shownSearch !== location.search) {
    setShownSearch(location.search);
    if (location.pathname === routes.catalog) setValue(new URLSearchParams(location.search).get('name') ?? '');
  }

  const submit = (name: string) => {
    const term = name.trim();
    void navigate(term ? `${routes.catalog}?name=${encodeURIComponent(term)}` : routes.catalog);
  };

  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        submit(value);
      }}
    >
      {loaded ? (
        <loaded.Suggestions value={value} onChange={setValue} onSearch={submit} autoFocus={loaded.focus} />
      ) : (
        <TextInput
          {...searchInputProps}
          ref={plainInput}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          onFocus={() => {
            void loadSuggestions().then((module) => {
              const focus = document.activeElement === plainInput.current;
              setLoaded((current) => current ?? { Suggestions: module.default, focus });
            });
          }}
        />
      )}
    </form>
  );
}
