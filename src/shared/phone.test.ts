import { describe, expect, it } from 'vitest';
import { formatPhone, formatPhoneInput, normalizePhone } from './phone.js';
import { phoneSchema } from './schemas/orders.js';

describe('Russian phone numbers', () => {
  it('normalises every usual spelling to +7XXXXXXXXXX', () => {
    for (const typed of ['+7 900 123-45-67', '+7 (900) 123-45-67', '8 900 123 45 67', '8(900)1234567', '79001234567', '9001234567', ' 900-123-45-67 ', '+79001234567']) {
      expect(normalizePhone(typed), typed).toBe('+79001234567');
    }
    expect(normalizePhone('8 (495) 000-00-00')).toBe('+74950000000');
  });

  it('refuses what is not a Russian number', () => {
    for (const typed of ['', '+', '123', '4951234567', '+380 44 123 4567', '+1 212 555 0100', '9 900 123 45 67', '+7 900 123-45-6', '+7 900 123-45-678', 'позвоните', '+7 900 123 45 67 доб. 2', '7+9001234567']) {
      expect(normalizePhone(typed), typed).toBeNull();
    }
  });

  it('formats a stored number for people, and leaves anything else as it is', () => {
    expect(formatPhone('+79001234567')).toBe('+7 (900) 123-45-67');
    expect(formatPhone('8 900 123 45 67')).toBe('+7 (900) 123-45-67');
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
  });

  it('shows the digits through the mask as they are typed', () => {
    const typed: string[] = [];
    let shown = '';
    for (const key of '89001234567') {
      shown = formatPhoneInput(shown + key);
      typed.push(shown);
    }
    expect(typed).toEqual(['+7', '+7 (9', '+7 (90', '+7 (900', '+7 (900) 1', '+7 (900) 12', '+7 (900) 123', '+7 (900) 123-4', '+7 (900) 123-45', '+7 (900) 123-45-6', '+7 (900) 123-45-67']);
    expect(formatPhoneInput('+7 (900) 123-45-67' + '8')).toBe('+7 (900) 123-45-67');
    expect(formatPhoneInput('9')).toBe('+7 (9');
  });

  it('takes a pasted number in any spelling, and erases back to nothing', () => {
    expect(formatPhoneInput('8 900 123 45 67')).toBe('+7 (900) 123-45-67');
    expect(formatPhoneInput('+7 900 123-45-67')).toBe('+7 (900) 123-45-67');
    expect(formatPhoneInput('9001234567')).toBe('+7 (900) 123-45-67');
    expect(formatPhoneInput('+79001234567')).toBe('+7 (900) 123-45-67');
    // Backspace from the first place: «+7 (» loses its bracket, then the code, then the plus.
    expect(formatPhoneInput('+7 (')).toBe('+7');
    expect(formatPhoneInput('+7 ')).toBe('+7');
    expect(formatPhoneInput('+')).toBe('+');
    expect(formatPhoneInput('')).toBe('');
    expect(formatPhoneInput('+7 (900) ')).toBe('+7 (900');
  });

  it('is the same text when formatted again', () => {
    for (const text of ['+7', '+7 (9', '+7 (900) 123', '+7 (900) 123-45-67', '+', '']) expect(formatPhoneInput(formatPhoneInput(text))).toBe(formatPhoneInput(text));
  });

  it('phoneSchema stores the normal form and names the expected one', () => {
    expect(phoneSchema.parse('8 (900) 123-45-67')).toBe('+79001234567');
    const refused = phoneSchema.safeParse('+380 44 123 4567');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('Введите телефон в формате +7 (900) 123-45-67');
    expect(phoneSchema.safeParse('').error?.issues[0]?.message).toBe('Укажите телефон');
  });
});
