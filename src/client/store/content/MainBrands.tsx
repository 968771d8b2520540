import { Card, SimpleGrid, Stack, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { routes } from '../../routes';
import { trpc } from '../../trpc';
import { ShopImage } from '../../ui/ShopImage';

/** Up to 20 brands flagged for the main page; each opens the catalogue filtered by it. */
export function MainBrands() {
  const brands = trpc.catalogue.brands.list.useQuery({ showOnMain: true, limit: 20 });
  const rows = brands.data?.rows ?? [];
  if (!rows.length) return null;
  return (
    <Stack gap="md" component="section" aria-label="Бренды">
      <Title order={2}>Бренды</Title>
      <SimpleGrid cols={{ base: 3, sm: 4, md: 6 }} spacing="sm">
        {rows.map((brand) => (
          <Card key={brand.id} component={Link} to={`${routes.catalog}?brands=${encodeURIComponent(brand.url)}`} withBorder radius="md" padding="xs" aria-label={brand.name}>
            <ShopImage name={brand.image} alt="" fit="contain" h={60} sizes="160px" />
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
