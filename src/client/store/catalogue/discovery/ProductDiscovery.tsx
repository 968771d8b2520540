import { Stack } from '@mantine/core';
import { trpc } from '../../../trpc';
import { ProductGridSkeleton } from '../ProductGrid';
import { DiscoveryRow } from './DiscoveryRow';

const quiet = { meta: { silent: true }, staleTime: 60_000 } as const;

/**
 * Below the product's reviews (a lazy chunk, loaded when the shopper scrolls near it): «Вы
 * смотрели» from this device, «Похожие товары» and «С этим покупают»; one request each, and a row
 * without products is not shown. A failure shows nothing: these rows are a suggestion.
 */
export default function ProductDiscovery({ url, viewed }: { url: string; viewed: string[] }) {
  const recent = trpc.catalogue.discovery.byUrls.useQuery({ urls: viewed }, { ...quiet, enabled: viewed.length > 0 });
  const similar = trpc.catalogue.discovery.similar.useQuery({ url }, quiet);
  const together = trpc.catalogue.discovery.boughtTogether.useQuery({ url }, quiet);
  // Placeholders until the first rows arrive (importing ProductGrid also keeps the card in the
  // catalogue's chunk instead of splitting it into one more file on / and /catalog).
  if (similar.isLoading && together.isLoading) return <ProductGridSkeleton count={4} cols={{ base: 2, sm: 4 }} />;
  return (
    <Stack gap="xl">
      <DiscoveryRow name="together" title="С этим покупают" rows={together.data?.rows} />
      <DiscoveryRow name="similar" title="Похожие товары" rows={similar.data?.rows} />
      <DiscoveryRow name="viewed" title="Вы смотрели" rows={viewed.length ? recent.data?.rows : []} />
    </Stack>
  );
}
