import { ActionIcon, Anchor, Box, Button, Container, Group, Text } from '@mantine/core';
import { IconLayoutGrid, IconUser } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router-dom';
import { useAuth } from '../../accounts/AuthProvider';
import { routes } from '../../routes';
import { useDisplayFlags } from '../../ui/display-flags';
import { SearchForm } from '../catalogue/SearchForm';
import { HeaderCounters } from '../orders/HeaderCounters';

export function StoreHeader() {
  const { flags, toggle } = useDisplayFlags();
  const { user } = useAuth();
  const navigate = useNavigate();

  const search = <SearchForm />;

  return (
    <Box component="header" bg="white" pos="sticky" top={0} style={{ zIndex: 10, borderBottom: "1px solid var(--mantine-color-gray-3)" }}>
      <Container size="xl" py="sm">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Anchor component={Link} to={routes.home} underline="never" c="dark">
              <Text fw={800} size="xl">
                Магазин
              </Text>
            </Anchor>
            <Button
              leftSection={<IconLayoutGrid size={18} />}
              variant={flags.catalogMenu === 'flex' ? 'filled' : 'light'}
              onClick={() => toggle('catalogMenu')}
              visibleFrom="xs"
            >
              Каталог
            </Button>
            <ActionIcon
              variant={flags.catalogMenu === 'flex' ? 'filled' : 'light'}
              size="lg"
              onClick={() => toggle('catalogMenu')}
              hiddenFrom="xs"
              aria-label="Каталог"
              aria-expanded={flags.catalogMenu === 'flex'}
            >
              <IconLayoutGrid size={20} />
            </ActionIcon>
          </Group>
          <Box flex={1} maw={520} visibleFrom="sm">
            {search}
          </Box>
          <Group gap={4} wrap="nowrap">
              <HeaderCounters />
              <ActionIcon
                variant="subtle"
                size="lg"
                aria-label={user ? 'Профиль' : 'Войти'}
                onClick={() => (user ? void navigate(routes.profile) : toggle('authForm'))}
              >
                <IconUser size={22} />
              </ActionIcon>
          </Group>
        </Group>
        <Box hiddenFrom="sm" mt="xs">
          {search}
        </Box>
      </Container>
    </Box>
  );
}
