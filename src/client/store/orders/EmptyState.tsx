import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { routes } from '../../routes';

/** An empty basket or wishlist: what it is for and the way back to the catalogue. */
export function EmptyState({ icon, title, text, onNavigate }: { icon: ReactNode; title: string; text: string; onNavigate?: () => void }) {
  return (
    <Stack align="center" gap="sm" py="xl" ta="center">
      <ThemeIcon size={64} radius="xl" variant="light" color="gray">
        {icon}
      </ThemeIcon>
      <Text fw={600} size="lg">
        {title}
      </Text>
      <Text c="dimmed" maw={360}>
        {text}
      </Text>
      <Button component={Link} to={routes.catalog} onClick={onNavigate}>
        Перейти в каталог
      </Button>
    </Stack>
  );
}
