import { storageKeys } from '../../../shared/storage-keys.js';

/** The header search's recent texts, kept on this device only (local storage), newest first. */
export const maxRecentSearches = 5;

export function readRecentSearches(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKeys.recentSearches) ?? '[]');
    return Array.isArray(stored) ? stored.filter((item): item is string => typeof item === 'string').slice(0, maxRecentSearches) : [];
  } catch {
    return [];
  }
}

function write(list: string[]): void {
  try {
    if (list.length) localStorage.setItem(storageKeys.recentSearches, JSON.stringify(list));
    else localStorage.removeItem(storageKeys.recentSearches);
  } catch {
    // Storage full or forbidden (private mode): recent searches are a convenience.
  }
}

/** Puts the text first (once, case-insensitively) and keeps the last five. */
export function rememberSearch(text: string): string[] {
  const term = text.trim().replace(/\s+/g, ' ');
  if (!term) return readRecentSearches();
  const list = [term, ...readRecentSearches().filter((item) => item.toLowerCase() !== term.toLowerCase())].slice(0, maxRecentSearches);
  write(list);
  return list;
}

export function clearRecentSearches(): void {
  write([]);
}
