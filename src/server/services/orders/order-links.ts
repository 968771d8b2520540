import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { TokenService } from '../accounts/tokens.js';
import { createOpaqueToken, hashOpaqueToken } from '../accounts/tokens.js';

/**
 * An order's own status link (docs/orders.md, "Status link"): 256 random bits, stored as their
 * SHA-256 (the lookup) and sealed with AES-256-GCM under a key derived from the server's signing
 * key (JWT_SECRET or the key kept in the database), so that the status letters of a guest order
 * can carry the link again. A database copy alone yields neither the token nor the key when
 * JWT_SECRET is set; changing JWT_SECRET leaves older sealed tokens unreadable (their letters then
 * carry no link, the link already sent keeps working).
 */
type Keys = Pick<TokenService, 'derivedKey'>;

const purpose = 'order-status-link';

export interface OrderLink {
  token: string;
  hash: string;
  sealed: string;
}

export function newOrderLink(tokens: Keys): OrderLink {
  const { token, hash } = createOpaqueToken();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', tokens.derivedKey(purpose), iv);
  const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return { token, hash, sealed: [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.') };
}

/** The token back from its sealed form; null when it was sealed under another key or is damaged. */
export function unsealOrderLink(tokens: Keys, sealed: string | null): string | null {
  const [iv, tag, data] = (sealed ?? '').split('.');
  if (!iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', tokens.derivedKey(purpose), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export const orderLinkHash = hashOpaqueToken;

/** The storefront page of the order's status. */
export const orderStatusUrl = (publicUrl: string, token: string): string => `${publicUrl}/order/${token}`;
