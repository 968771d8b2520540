import { Anchor, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { routes } from '../../routes';
import { trpc } from '../../trpc';
import { ProductGrid, ProductGridSkeleton } from './ProductGrid';

const COUNT = 8;
const columns = { base: 2, sm: 4 };

/** The home page's row of the newest products one can buy now. */
export default function NewArrivals() {
  const list = trpc.catalogue.products.list.useQuery({ available: true, sortBy: 'createdAt', orderBy: 'desc', limit: COUNT });
  if (list.data?.rows.length === 0) return null;
  return (
    <Stack gap="md" component="section" aria-label="Новинки">
      <Group justify="space-between" align="baseline">
        <Title order={2}>Новинки</Title>
        <Anchor component={Link} to={routes.catalog}>
          Смотреть все
        </Anchor>
      </Group>
      {list.data ? <ProductGrid products={list.data.rows} cols={columns} /> : <ProductGridSkeleton count={4} cols={columns} />}
    </Stack>
  );
}
