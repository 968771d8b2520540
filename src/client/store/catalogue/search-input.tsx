import { IconSearch } from '@tabler/icons-react';

/** The header search input's look and name, shared by the plain input and the one with suggestions. */
export const searchInputProps = {
  name: 'name',
  placeholder: 'Поиск товаров',
  'aria-label': 'Поиск товаров',
  leftSection: <IconSearch size={16} />,
  radius: 'xl',
} as const;
