import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { routes } from '../../routes';

/** The header's product search (display flag `searchForm`): submits to the catalogue. */
export function SearchForm() {
  const navigate = useNavigate();
  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        const name = new FormData(event.currentTarget).get('name');
        void navigate(`${routes.catalog}?name=${encodeURIComponent(typeof name === 'string' ? name.trim() : '')}`);
      }}
    >
      <TextInput name="name" placeholder="Поиск товаров" aria-label="Поиск товаров" leftSection={<IconSearch size={16} />} radius="xl" />
    </form>
  );
}
