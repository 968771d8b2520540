import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeToasterRequest, toasterRequested } from './toaster-state';

const ShopToaster = lazy(() => import('./toaster'));

/** Mounts the toast container once the first toast is asked for. */
export function ToasterHost() {
  const requested = useSyncExternalStore(subscribeToasterRequest, toasterRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <ShopToaster />
    </Suspense>
  );
}
