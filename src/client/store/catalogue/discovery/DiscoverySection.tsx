import { lazy, useEffect, useMemo } from 'react';
import { WhenVisible } from '../../../ui/WhenVisible';
import { rememberViewed, viewedUrls } from './recently-viewed';

const ProductDiscovery = lazy(() => import('./ProductDiscovery'));

/**
 * The product page's discovery rows, held back until the shopper scrolls near them; opening the
 * page records it as viewed on this device (the list read first, without the product itself).
 */
export function DiscoverySection({ url }: { url: string }) {
  const viewed = useMemo(() => viewedUrls().filter((other) => other !== url), [url]);
  useEffect(() => rememberViewed(url), [url]);
  // Keyed by the product: another product's page waits for its own scroll.
  return (
    <WhenVisible key={url} minHeight={1}>
      <ProductDiscovery url={url} viewed={viewed} />
    </WhenVisible>
  );
}
