/**
 * sonner (about 12 KB compressed) stays out of the storefront's first load: the first toast asks
 * for the container, `ToasterHost` mounts it lazily, and toasts wait until it listens (a toast
 * shown before the container subscribes would be lost).
 */
import type { toast as sonnerToast } from 'sonner';

type Listener = () => void;

let requested = false;
const listeners = new Set<Listener>();
let resolveMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  resolveMounted = resolve;
});

export function subscribeToasterRequest(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function toasterRequested(): boolean {
  return requested;
}

export function markToasterMounted(): void {
  resolveMounted();
}

/** Resolves with sonner's `toast` once a container is mounted. */
export async function loadToast(): Promise<typeof sonnerToast> {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  const [{ toast }] = await Promise.all([import('sonner'), mounted]);
  return toast;
}
