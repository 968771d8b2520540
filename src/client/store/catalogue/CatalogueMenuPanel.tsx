import { Anchor, Box, Container, Group, Loader, Paper, ScrollArea, SimpleGrid, Stack, Text } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { IconChevronRight } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { CategoryTreeNode } from '../../../shared/schemas/catalogue.js';
import { routes } from '../../routes';
import { trpc } from '../../trpc';
import { useDisplayFlags } from '../../ui/display-flags';
import { catalogueSearch } from './catalogue-query';

function headerBottom(): number {
  return document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
}

const categoryLink = (node: CategoryTreeNode) => routes.catalog + catalogueSearch('categories', node.url);

/**
 * The catalogue menu under the header: every top-level category with its subcategories. It closes
 * on a link, on Escape and when the page changes.
 */
export default function CatalogueMenuPanel() {
  const { hide } = useDisplayFlags();
  const tree = trpc.catalogue.categories.tree.useQuery({}, { staleTime: 5 * 60_000 });
  const location = useLocation();
  const openedAt = useRef(location.key);

  useEffect(() => {
    if (location.key !== openedAt.current) hide('catalogMenu');
  }, [location.key, hide]);
  useWindowEvent('keydown', (event) => {
    if (event.key === 'Escape') hide('catalogMenu');
  });

  // The panel hangs under the sticky header wherever the page is scrolled to.
  const [top, setTop] = useState(headerBottom);
  useWindowEvent('resize', () => setTop(headerBottom()));

  return (
    <>
      <Box pos="fixed" top={top} left={0} right={0} bottom={0} bg="rgba(0, 0, 0, 0.35)" style={{ zIndex: 8 }} onClick={() => hide('catalogMenu')} />
      <Paper
        component="nav"
        aria-label="Каталог товаров"
        shadow="md"
        radius={0}
        pos="fixed"
        top={top}
        left={0}
        right={0}
        style={{ zIndex: 9, borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <ScrollArea.Autosize mah="70vh">
          <Container size="xl" py="md">
            {tree.isLoading && <Loader size="sm" />}
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg" verticalSpacing="md">
              {tree.data?.map((node) => (
                <Stack key={node.id} gap={6}>
                  <Anchor component={Link} to={categoryLink(node)} fw={700} c="dark" onClick={() => hide('catalogMenu')}>
                    <Group gap={4} wrap="nowrap">
                      {node.name}
                      <IconChevronRight size={14} />
                    </Group>
                  </Anchor>
                  {node.children.map((child) => (
                    <Anchor key={child.id} component={Link} to={categoryLink(child)} size="sm" c="dimmed" onClick={() => hide('catalogMenu')}>
                      {child.name}
                    </Anchor>
                  ))}
                </Stack>
              ))}
            </SimpleGrid>
            <Box mt="md">
              <Anchor component={Link} to={routes.catalog} size="sm" onClick={() => hide('catalogMenu')}>
                Все товары
              </Anchor>
            </Box>
            {tree.data?.length === 0 && <Text c="dimmed">Категорий пока нет</Text>}
          </Container>
        </ScrollArea.Autosize>
      </Paper>
    </>
  );
}
