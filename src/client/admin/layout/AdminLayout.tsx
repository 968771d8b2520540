import { AppShell, Badge, Burger, Button, Center, Group, Loader, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { Link, Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAuth } from '../../accounts/AuthProvider';
import { routes } from '../../routes';
import { trpc } from '../../trpc';
import { adminMenu } from './menu';

/** The admin area: side menu of every section; anyone but a signed-in Admin goes to the login. */
export function AdminLayout() {
  const { user, loading, signOut } = useAuth();
  const location = useLocation();
  const [opened, { toggle, close }] = useDisclosure();
  // What waits for staff, for the menu's badges; pages that change it invalidate adminCounts.
  const counts = trpc.adminCounts.get.useQuery({}, { enabled: user?.role === 'Admin', refetchInterval: 60_000, meta: { silent: true } });

  if (loading && !user) {
    return (
      <Center h="100vh">
        <Loader />
      </Center>
    );
  }
  if (user?.role !== 'Admin') {
    return <Navigate to={`${routes.adminLogin}?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  }

  const isActive = (path: string) => location.pathname === path || location.pathname.startsWith(`${path}/`);

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Меню" />
            <Text fw={700} component={Link} to={routes.admin}>
              Панель управления
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Text size="sm" c="dimmed" visibleFrom="sm">
              {user.firstName || user.email}
            </Text>
            <Button variant="subtle" size="xs" leftSection={<IconLogout size={16} />} onClick={signOut}>
              Выйти
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Разделы">
        <ScrollArea>
          {adminMenu.map((item) => (
            <NavLink
              // Remounts when a child becomes active, so the group opens on navigation too.
              key={`${item.path}:${String(item.children?.some((child) => isActive(child.path)) ?? false)}`}
              component={Link}
              to={item.path}
              label={item.label}
              leftSection={<item.icon size={18} />}
              rightSection={item.countKey && counts.data?.[item.countKey] ? <Badge size="sm" variant="filled" color="red.8" data-count={item.countKey}>{counts.data[item.countKey]}</Badge> : undefined}
              active={item.exact ? location.pathname === item.path : isActive(item.path) && !item.children?.some((child) => isActive(child.path))}
              onClick={close}
              defaultOpened={item.children?.some((child) => isActive(child.path))}
            >
              {item.children?.map((child) => (
                <NavLink key={child.path} component={Link} to={child.path} label={child.label} active={isActive(child.path)} onClick={close} />
              ))}
            </NavLink>
          ))}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
