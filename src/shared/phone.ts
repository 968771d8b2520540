import { z } from './zod.js';

/**
 * Russian phone numbers (docs/orders.md): the shop takes them in any usual spelling and keeps
 * one form, `+7XXXXXXXXXX`; people see `+7 (900) 123-45-67`.
 */

/** What a typed phone may contain besides digits. */
const allowed = /^\+?[\d\s()-]+$/;

/**
 * `+7XXXXXXXXXX`, or null when the text is not a Russian number: +7… or 7… or 8… with 11 digits,
 * or 10 digits starting with 9; spaces, brackets and hyphens anywhere.
 */
export function normalizePhone(text: string): string | null {
  const trimmed = text.trim();
  if (!allowed.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) return digits.length === 11 && digits.startsWith('7') ? `+${digits}` : null;
  if (digits.length === 11 && (digits.startsWith('7') || digits.startsWith('8'))) return `+7${digits.slice(1)}`;
  if (digits.length === 10 && digits.startsWith('9')) return `+7${digits}`;
  return null;
}

/** The ten digits after +7 as the mask shows them, as far as they go: `+7 (900) 123-45-67`. */
function masked(national: string): string {
  const n = national.slice(0, 10);
  let shown = `+7 (${n.slice(0, 3)}`;
  if (n.length > 3) shown += `) ${n.slice(3, 6)}`;
  if (n.length > 6) shown += `-${n.slice(6, 8)}`;
  if (n.length > 8) shown += `-${n.slice(8, 10)}`;
  return shown;
}

/** `+79001234567` (or any spelling normalizePhone takes) → `+7 (900) 123-45-67`; anything else as it is. */
export function formatPhone(phone: string): string {
  const normal = normalizePhone(phone);
  return normal ? masked(normal.slice(2)) : phone;
}

/**
 * The phone field's text as the user types or pastes it, shown through the mask «+7 (___) ___-__-__»:
 * a leading +7, 7 or 8 is the country code, the rest fills the ten places (more are dropped).
 * Applying it to its own result changes nothing, so a controlled input may run it on every change.
 */
export function formatPhoneInput(text: string): string {
  const trimmed = text.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (digits === '') return trimmed.startsWith('+') ? '+' : '';
  const countryCode = trimmed.startsWith('+') ? digits.startsWith('7') : digits.startsWith('7') || digits.startsWith('8');
  const national = countryCode ? digits.slice(1) : digits;
  return national === '' ? '+7' : masked(national);
}

export const phoneMessage = 'Введите телефон в формате +7 (900) 123-45-67';

/** A Russian phone in any usual spelling; its value is the normal form (orders, addresses, callbacks keep it). */
export const phoneSchema = z
  .string({ error: 'Укажите телефон' })
  .trim()
  .min(1, { error: 'Укажите телефон', abort: true })
  .refine((value) => normalizePhone(value) !== null, phoneMessage)
  .transform((value) => normalizePhone(value) ?? value);
