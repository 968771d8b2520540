import { lazy, Suspense } from 'react';
import { useDisplayFlags } from '../../ui/display-flags';

// The panel and its category tree load when the shopper first opens the menu, not with the page.
const CatalogueMenuPanel = lazy(() => import('./CatalogueMenuPanel'));

/** The header's catalogue menu (display flag `catalogMenu`), built from the category tree. */
export function CatalogueMenu() {
  const { flags } = useDisplayFlags();
  if (flags.catalogMenu !== 'flex') return null;
  return (
    <Suspense fallback={null}>
      <CatalogueMenuPanel />
    </Suspense>
  );
}
