import { Stack, Title } from '@mantine/core';
import type { ProductCard as ProductCardData } from '../../../../shared/schemas/catalogue.js';
import { CardCarousel } from '../CardCarousel';

/** One discovery row: a titled carousel of product cards; nothing at all while empty or loading. */
export function DiscoveryRow({ title, rows, name }: { title: string; rows: ProductCardData[] | undefined; name: string }) {
  if (!rows?.length) return null;
  const titleId = `discovery-${name}-title`;
  return (
    <Stack gap="md" component="section" aria-labelledby={titleId} data-discovery={name}>
      <Title order={2} size="h3" id={titleId}>
        {title}
      </Title>
      <CardCarousel title={title} rows={rows} />
    </Stack>
  );
}
