/**
 * «Вы смотрели»: the urls of the products this device opened, most recent first, no repeats, at
 * most 12, in local storage. Kept tiny: it runs on every product page's first load.
 */

export const recentlyViewedKey = 'recentlyViewed';
const kept = 12;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

/** The remembered urls, newest first; whatever is unreadable counts as none. */
export function viewedUrls(storage: Storage = localStorage): string[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(recentlyViewedKey) ?? '[]');
    return Array.isArray(value) ? value.filter((url): url is string => typeof url === 'string').slice(0, kept) : [];
  } catch {
    return [];
  }
}

/** Puts `url` first. Storage that refuses (private mode, full) only loses the list. */
export function rememberViewed(url: string, storage: Storage = localStorage): void {
  try {
    storage.setItem(recentlyViewedKey, JSON.stringify([url, ...viewedUrls(storage).filter((other) => other !== url)].slice(0, kept)));
  } catch {
    // Nothing to do: the row is a convenience.
  }
}
