import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTitle } from '../../ui/use-title';

/**
 * The back office's own "not found", inside its layout: an unknown /admin path, or a record that
 * does not exist (no empty, savable form is shown for it).
 */
export function AdminNotFound({ what = 'Страница', backTo = '/admin', backLabel = 'В панель управления' }: { what?: string; backTo?: string; backLabel?: string }) {
  useTitle(`${what} не найдена`);
  return (
    <Stack align="flex-start" py="md">
      <Title order={2}>{what} не найдена</Title>
      <Text>Возможно, запись удалили или в адресе ошибка.</Text>
      <Button component={Link} to={backTo} variant="light">
        {backLabel}
      </Button>
    </Stack>
  );
}
