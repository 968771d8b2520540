import { Anchor } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useDisplayFlags } from '../../ui/display-flags';

const CallbackForm = lazy(() => import('./CallbackForm'));

/** «Заказать звонок» opens the order-callback form (its display flag); the form is a lazy chunk. */
export function CallbackButton() {
  const { flags, show } = useDisplayFlags();
  return (
    <>
      <Anchor component="button" type="button" size="sm" c="dimmed" ta="left" onClick={() => show('orderCallbackForm')}>
        Заказать обратный звонок
      </Anchor>
      {flags.orderCallbackForm === 'flex' && (
        <Suspense fallback={null}>
          <CallbackForm />
        </Suspense>
      )}
    </>
  );
}
