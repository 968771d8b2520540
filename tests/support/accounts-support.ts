import { expect } from 'vitest';
import type { Db } from '../../src/server/db/connection.js';
import type { AuthResponse } from '../../src/shared/schemas/accounts.js';
import type { TestApp } from './harness.js';
import { restCall } from './rest.js';

export interface StoredLetter {
  recipient: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
}

/** Letters go out after the answer: waits until `count` letters to `to` are in the outbox. */
export async function waitForLetters(db: Db, to: string, count = 1, timeoutMs = 5000): Promise<StoredLetter[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const letters = await db
      .selectFrom('mailOutbox')
      .select(['recipient', 'replyTo', 'subject', 'text', 'html'])
      .where('recipient', '=', to)
      .orderBy('id')
      .execute();
    if (letters.length >= count) return letters;
    if (Date.now() > deadline) throw new Error(`Expected ${count} letter(s) to ${to}, found ${letters.length}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function lastLetter(db: Db, to: string, count = 1): Promise<StoredLetter> {
  const letters = await waitForLetters(db, to, count);
  return letters[letters.length - 1]!;
}

/**
 * The last of `count` letters to `to` that carries a /`route`/ link, and its token. Letters are queued
 * after the answer, so a sign-up's confirmation may land after a reset asked for right away: pick by link, not by order.
 */
export async function letterWithLink(db: Db, to: string, route: 'confirm' | 'reset', count: number): Promise<{ letter: StoredLetter; token: string }> {
  const letters = await waitForLetters(db, to, count);
  const letter = letters.filter((candidate) => candidate.text.includes(`/${route}/`)).at(-1);
  if (!letter) throw new Error(`No /${route}/ link in the ${letters.length} letter(s) to ${to}`);
  return { letter, token: linkToken(letter.text, route) };
}

/** The token of a storefront link (/confirm/{token} or /reset/{token}) in a letter's text. */
export function linkToken(text: string, route: 'confirm' | 'reset'): string {
  const match = new RegExp(`/${route}/([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`No /${route}/ link in: ${text}`);
  return match[1];
}

/** A REST call as if from another address (test apps run with TRUST_PROXY=true, as behind a proxy). */
export function restFrom<T = unknown>(baseUrl: string, ip: string, method: string, path: string, options: { body?: unknown; token?: string } = {}): Promise<{ status: number; body: T }> {
  return restCall<T>(baseUrl, method, path, { ...options, ip });
}

export interface ShopperFields {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  consent: true;
}

let shoppersMade = 0;

/** The sign-up fields of a new shopper: a unique e-mail in this test file, the overrides on top. */
export function newShopper(overrides: Partial<ShopperFields> = {}): ShopperFields {
  shoppersMade += 1;
  return { firstName: 'Анна', lastName: 'Иванова', email: `anna${shoppersMade}@shop.test`, password: 'anna-password-1', consent: true, ...overrides };
}

/**
 * Signs a new shopper up over REST and expects 200; with `ip`, as if from that client address.
 * The answer carries the tokens and the user, plus the password it was made with.
 */
export async function signUpShopper(t: TestApp, shopper: ShopperFields = newShopper(), ip?: string): Promise<AuthResponse & { password: string }> {
  const request = { body: shopper };
  const response = ip ? await restFrom<AuthResponse>(t.baseUrl, ip, 'POST', '/auth/signup', request) : await t.rest<AuthResponse>('POST', '/auth/signup', request);
  expect(response.status).toBe(200);
  return { ...response.body, password: shopper.password };
}
