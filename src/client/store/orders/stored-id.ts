import { useLocalStorage } from '@mantine/hooks';
import { useCallback } from 'react';
import type { storageKeys } from '../../../shared/storage-keys.js';

type StoredIdKey = typeof storageKeys.basketId | typeof storageKeys.wishlistId;

/**
 * The basket's and the wishlist's ids live in local storage under
 * basketId and wishlistId, as the bare UUID. Every component using the same key sees one value
 * (Mantine's hook keeps its instances and other tabs in step).
 */
export function useStoredId(key: StoredIdKey): [string | null, (id: string | null) => void] {
  const [value, setValue, removeValue] = useLocalStorage<string>({
    key,
    defaultValue: '',
    getInitialValueInEffect: false,
    serialize: (id) => id,
    deserialize: (raw) => raw ?? '',
  });
  const store = useCallback((id: string | null) => (id ? setValue(id) : removeValue()), [setValue, removeValue]);
  return [value || null, store];
}
