import { storageKeys } from '../../shared/storage-keys.js';

/** Both tokens live in local storage under accessToken and refreshToken, so a reload keeps the session. */
export interface StoredTokens {
  accessToken: string;
  refreshToken: string;
}

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function readTokens(storage: KeyValueStorage = localStorage): StoredTokens | null {
  const accessToken = storage.getItem(storageKeys.accessToken);
  const refreshToken = storage.getItem(storageKeys.refreshToken);
  return accessToken && refreshToken ? { accessToken, refreshToken } : null;
}

export function storeTokens(tokens: Partial<StoredTokens>, storage: KeyValueStorage = localStorage): void {
  if (tokens.accessToken) storage.setItem(storageKeys.accessToken, tokens.accessToken);
  if (tokens.refreshToken) storage.setItem(storageKeys.refreshToken, tokens.refreshToken);
}

export function clearTokens(storage: KeyValueStorage = localStorage): void {
  storage.removeItem(storageKeys.accessToken);
  storage.removeItem(storageKeys.refreshToken);
}

/** The Bearer header is added only when both stored tokens exist (half a session is no session). */
export function authorizationHeader(storage: KeyValueStorage = localStorage): Record<string, string> {
  const tokens = readTokens(storage);
  return tokens ? { authorization: `Bearer ${tokens.accessToken}` } : {};
}
