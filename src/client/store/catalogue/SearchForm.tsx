import { TextInput } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { routes } from '../../routes';
import { searchInputProps } from './search-input';

// Suggestions need Mantine's Autocomplete (and floating-ui with it): they load on the first focus,
// so the storefront's first JavaScript stays small. Until then the same-looking plain input serves.
const loadSuggestions = () => import('./SearchSuggestions');
const SearchSuggestions = lazy(loadSuggestions);

/** The header's product search (display flag `searchForm`): suggestions while typing, Enter opens the catalogue. */
export function SearchForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const [value, setValue] = useState(() => (location.pathname === routes.catalog ? (new URLSearchParams(location.search).get('name') ?? '') : ''));
  const [wanted, setWanted] = useState(false);

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

  const plain = (
    <TextInput
      {...searchInputProps}
      value={value}
      onChange={(event) => setValue(event.currentTarget.value)}
      onFocus={() => {
        void loadSuggestions();
        setWanted(true);
      }}
    />
  );

  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        submit(value);
      }}
    >
      {wanted ? (
        <Suspense fallback={plain}>
          <SearchSuggestions value={value} onChange={setValue} onSearch={submit} />
        </Suspense>
      ) : (
        plain
      )}
    </form>
  );
}
