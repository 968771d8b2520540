import { lazy, Suspense, useState } from 'react';
import { useDisplayFlags } from '../../ui/display-flags';

// The forms and their schemas load on first opening: the storefront's first paint stays light.
const AuthDrawer = lazy(() => import('./AuthDrawer'));

/** The auth form panel (display flag `authForm`): sign-in, sign-up and the reset request. */
export function AuthPanel() {
  const { flags, hide } = useDisplayFlags();
  const opened = flags.authForm === 'flex';
  const [wanted, setWanted] = useState(opened);
  if (opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AuthDrawer opened={opened} onClose={() => hide('authForm')} />
    </Suspense>
  );
}
