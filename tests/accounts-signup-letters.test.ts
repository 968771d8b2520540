import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainMessages } from '../src/shared/errors.js';
import { newShopper, restFrom, signUpShopper, waitForLetters } from './support/accounts-support.js';
import { startTestApp, type TestApp } from './support/harness.js';

/** The sign-up letter cannot carry spam: names are plain, and one address gets at most its hourly share of letters. */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ LETTERS_PER_ADDRESS_PER_HOUR: '3' });
});

afterAll(() => t?.close());

let shoppers = 0;
const signUp = (email?: string) => signUpShopper(t, newShopper(email === undefined ? {} : { email }));

describe('the sign-up letter is not a spam tool', () => {
  it('accepts names of letters, spaces, hyphens and apostrophes only', async () => {
    const signup = (firstName: string, lastName = '') =>
      t.rest('POST', '/auth/signup', { body: { firstName, lastName, email: `n${(shoppers += 1)}@shop.test`, password: 'x-password-1', consent: true } });
    for (const name of ['Анна-Мария', 'д’Артаньян', 'Jean Luc', "O'Neil"]) expect((await signup(name)).status, name).toBe(200);
    for (const name of ['Выиграйте приз на http://spam.example', 'Anna<b>', 'A'.repeat(51), 'Анна--Мария', 'www.spam.ru']) {
      expect((await signup(name)).status, name).toBe(400);
    }
    expect((await signup('Анна', 'http://x.ru')).status).toBe(400);
  });

  it('sends at most the hourly share of letters to one address, whoever asks', async () => {
    const { user, accessToken } = await signUp('victim@shop.test');
    for (const ip of ['10.1.0.1', '10.2.0.2', '10.3.0.3']) {
      await restFrom(t.baseUrl, ip, 'POST', '/auth/reset', { body: { email: user.email } });
    }
    // The confirmation letter of the sign-up and two reset letters; the third reset is not sent.
    await waitForLetters(t.db, user.email, 3);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const letters = await t.db.selectFrom('mailOutbox').select('subject').where('recipient', '=', user.email).execute();
    expect(letters.map((letter) => letter.subject)).toEqual(['Подтвердите адрес электронной почты', 'Восстановление пароля', 'Восстановление пароля']);
    expect(await t.rest('POST', '/users/email-confirmation', { token: accessToken })).toEqual({
      status: 429,
      body: { statusCode: 429, code: 'TOO_MANY_REQUESTS', message: domainMessages.tooManyLetters },
    });
  });
});
