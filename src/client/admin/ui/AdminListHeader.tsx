import { Button, Group, TextInput, Title, type TextInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { usePaging } from '../../ui/use-paging';

/** An admin list's heading, with the button that opens the "new item" screen when there is one. */
export function AdminListHeader({ title, create }: { title: string; create?: { to: string; label: string } }) {
  const heading = <Title order={2}>{title}</Title>;
  if (!create) return heading;
  return (
    <Group justify="space-between">
      {heading}
      <Button component={Link} to={create.to} leftSection={<IconPlus size={16} />}>
        {create.label}
      </Button>
    </Group>
  );
}

type SearchProps = Omit<TextInputProps, 'placeholder' | 'aria-label' | 'leftSection' | 'defaultValue' | 'onChange'>;

/** The list's search box: typing sets the `q` filter in the URL once the user pauses. */
export function AdminSearchInput({ label, paging, ...inputProps }: SearchProps & { label: string; paging: Pick<ReturnType<typeof usePaging>, 'filter' | 'setFilter'> }) {
  const onSearch = useDebouncedCallback((value: string) => paging.setFilter(value), 300);
  return (
    <TextInput
      placeholder={label}
      aria-label={label}
      leftSection={<IconSearch size={16} />}
      defaultValue={paging.filter}
      onChange={(event) => onSearch(event.currentTarget.value)}
      {...inputProps}
    />
  );
}
