import { useEffect, useState } from 'react';

/**
 * `opened`, held false for the first frame after mounting. A dialog from a lazy chunk mounts at the
 * moment it is opened; Mantine only notices an opening that happens after mount, so without this
 * the opening transition would not play and, on closing, focus would not return to the button
 * that opened it.
 */
export function useOpenedAfterMount(opened: boolean): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setMounted(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return mounted && opened;
}
