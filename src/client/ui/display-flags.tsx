import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

/**
 * Screen-level display flags, each `flex` (shown) or `none` (hidden). Opening
 * one panel closes the others, as a shopper expects.
 */
export type Display = 'flex' | 'none';
export const displayFlagNames = ['catalogMenu', 'authForm', 'basketPanel', 'wishlistPanel', 'searchForm', 'orderCallbackForm', 'dropdown'] as const;
export type DisplayFlag = (typeof displayFlagNames)[number];
export type DisplayFlags = Record<DisplayFlag, Display>;

const allHidden = Object.fromEntries(displayFlagNames.map((name) => [name, 'none'])) as DisplayFlags;

interface DisplayFlagsState {
  flags: DisplayFlags;
  show: (flag: DisplayFlag) => void;
  hide: (flag: DisplayFlag) => void;
  toggle: (flag: DisplayFlag) => void;
}

const DisplayFlagsContext = createContext<DisplayFlagsState | null>(null);

export function DisplayFlagsProvider({ children }: { children: ReactNode }) {
  const [flags, setFlags] = useState<DisplayFlags>(allHidden);
  const value = useMemo<DisplayFlagsState>(
    () => ({
      flags,
      show: (flag) => setFlags({ ...allHidden, [flag]: 'flex' }),
      hide: (flag) => setFlags((current) => ({ ...current, [flag]: 'none' })),
      toggle: (flag) => setFlags((current) => (current[flag] === 'flex' ? { ...current, [flag]: 'none' } : { ...allHidden, [flag]: 'flex' })),
    }),
    [flags],
  );
  return <DisplayFlagsContext.Provider value={value}>{children}</DisplayFlagsContext.Provider>;
}

export function useDisplayFlags(): DisplayFlagsState {
  const state = useContext(DisplayFlagsContext);
  if (!state) throw new Error('useDisplayFlags must be used inside DisplayFlagsProvider');
  return state;
}
