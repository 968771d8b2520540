import { Box, Button, Drawer } from '@mantine/core';
import type { ReactNode } from 'react';

interface FilterDrawerProps {
  opened: boolean;
  onClose: () => void;
  /** «Показать 12 товаров»: closes the drawer over the already filtered list. */
  showLabel: string;
  children: ReactNode;
}

/** The catalogue's filters on a phone; a lazy chunk, so the first load of /catalog stays small. */
export default function FilterDrawer({ opened, onClose, showLabel, children }: FilterDrawerProps) {
  return (
    <Drawer opened={opened} onClose={onClose} title="Фильтры" position="left" size="90%" padding="md">
      {children}
      <Box pos="sticky" bottom={0} py="md" mt="lg" bg="white" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Button fullWidth onClick={onClose}>
          {showLabel}
        </Button>
      </Box>
    </Drawer>
  );
}
