import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainMessages, statusMessages } from '../src/shared/errors.js';
import { lastLetter, restFrom, waitForLetters } from './support/accounts-support.js';
import { shopperToken, type Rows } from './support/content-support.js';
import { startTestApp, type TestApp } from './support/harness.js';

interface Subscriber {
  id: number;
  email: string;
  mailId: string;
  confirmed: boolean;
}

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '5', SHOP_EMAIL: 'owner@shop.test' });
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

const link = (text: string, route: string) => {
  const match = new RegExp(`/${route}/([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`No /${route}/ link in: ${text}`);
  return match[1];
};

async function subscribeAndConfirm(email: string, ip: string): Promise<string> {
  expect(await restFrom(t.baseUrl, ip, 'POST', '/subscribes', { body: { email, consent: true } })).toEqual({ status: 200, body: { ok: true } });
  const letter = await lastLetter(t.db, email);
  await t.trpc().content.subscribers.confirm.mutate({ token: link(letter.text, 'subscribe/confirm') });
  return link(letter.text, 'unsubscribe');
}

describe('double opt-in through the outbox', () => {
  it('a new address gets a confirmation letter and is a subscriber only after opening its link', async () => {
    expect(await restFrom(t.baseUrl, '10.0.0.1', 'POST', '/subscribes', { body: { email: 'Olga@Shop.test', consent: true } })).toEqual({ status: 200, body: { ok: true } });
    const letter = await lastLetter(t.db, 'olga@shop.test');
    expect(letter.subject).toBe('Подтвердите подписку на новости');
    expect(letter.text).toContain(`${t.config.publicUrl}/subscribe/confirm/`);
    const mailId = link(letter.text, 'unsubscribe');
    expect(mailId).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(letter.html).toContain(`/unsubscribe/${mailId}`);

    const before = await t.rest<Rows<Subscriber>>('GET', '/subscribes?confirmed=true', { token: admin });
    expect(before.body.rows.map((row) => row.email)).not.toContain('olga@shop.test');
    expect((await t.rest('GET', `/subscribes/${mailId}`)).body).toEqual({ email: 'olga@shop.test', confirmed: false });

    const token = link(letter.text, 'subscribe/confirm');
    expect(await t.trpc().content.subscribers.confirm.mutate({ token })).toEqual({ email: 'olga@shop.test', confirmed: true });
    await expect(t.trpc().content.subscribers.confirm.mutate({ token })).rejects.toThrow(domainMessages.invalidLink);
    expect((await t.rest('GET', `/subscribes/${mailId}`)).body).toEqual({ email: 'olga@shop.test', confirmed: true });

    // The welcome letter carries the unsubscribe link too: every letter does.
    const welcome = await lastLetter(t.db, 'olga@shop.test', 2);
    expect(welcome.subject).toBe('Вы подписаны на новости магазина');
    expect(welcome.text).toContain(`/unsubscribe/${mailId}`);
  });

  it('asking again answers the same: a confirmed address gets no letter, an unconfirmed one a fresh link', async () => {
    await restFrom(t.baseUrl, '10.0.0.2', 'POST', '/subscribes', { body: { email: 'olga@shop.test', consent: true } });
    await restFrom(t.baseUrl, '10.0.0.2', 'POST', '/subscribes', { body: { email: 'pavel@shop.test', consent: true } });
    const first = await lastLetter(t.db, 'pavel@shop.test');
    await restFrom(t.baseUrl, '10.0.0.2', 'POST', '/subscribes', { body: { email: 'pavel@shop.test', consent: true } });
    const second = await lastLetter(t.db, 'pavel@shop.test', 2);
    expect(link(second.text, 'unsubscribe')).toBe(link(first.text, 'unsubscribe'));
    await expect(t.trpc().content.subscribers.confirm.mutate({ token: link(first.text, 'subscribe/confirm') })).rejects.toThrow(domainMessages.invalidLink);
    await t.trpc().content.subscribers.confirm.mutate({ token: link(second.text, 'subscribe/confirm') });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await waitForLetters(t.db, 'olga@shop.test')).toHaveLength(2);
  });

  it('unsubscribes by the link (DELETE /subscribes/{mailId}); other mail ids cannot be guessed or reached', async () => {
    const mailId = await subscribeAndConfirm('ivan@shop.test', '10.0.0.3');
    expect(await t.rest('DELETE', `/subscribes/${mailId}`)).toEqual({ status: 200, body: { ok: true } });
    expect((await t.rest('GET', `/subscribes/${mailId}`)).status).toBe(404);
    expect((await t.rest('DELETE', `/subscribes/${mailId}`)).status).toBe(404);
    expect((await t.rest('GET', '/subscribes/1')).status).toBe(400);
    expect((await t.rest('DELETE', '/subscribes/short')).status).toBe(400);
  });

  it('refuses a bad e-mail with 400', async () => {
    const answer = await restFrom<{ message: string }>(t.baseUrl, '10.0.0.4', 'POST', '/subscribes', { body: { email: 'не почта', consent: true } });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('email');
  });
});

describe('staff list and export', () => {
  it('lists subscribers for the Admin only, filtered and paged (REST and tRPC)', async () => {
    const all = await t.rest<Rows<Subscriber>>('GET', '/subscribes?sortBy=email&orderBy=asc', { token: admin });
    expect(all.body.rows.map((row) => [row.email, row.confirmed])).toEqual([
      ['olga@shop.test', true],
      ['pavel@shop.test', true],
    ]);
    expect((await t.trpc(admin).content.subscribers.list.query({ email: 'pav' })).rows.map((row) => row.email)).toEqual(['pavel@shop.test']);
    expect((await t.rest('GET', '/subscribes')).status).toBe(401);
    expect((await t.rest('GET', '/subscribes', { token: await shopperToken(t) })).status).toBe(403);
  });

  it('exports the confirmed subscribers as a JSON file named by today’s date', async () => {
    await restFrom(t.baseUrl, '10.0.0.5', 'POST', '/subscribes', { body: { email: 'unconfirmed@shop.test', consent: true } });
    const response = await fetch(`${t.baseUrl}/api/subscribes/files`, { headers: { authorization: `Bearer ${admin}` } });
    expect(response.status).toBe(200);
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Moscow' }).format(new Date());
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="subscribers-${today}.json"`);
    const rows = (await response.json()) as Array<{ email: string; confirmedAt: string }>;
    expect(rows.map((row) => row.email)).toEqual(['olga@shop.test', 'pavel@shop.test']);
    expect(Number.isNaN(Date.parse(rows[0]!.confirmedAt))).toBe(false);
    expect(await t.trpc(admin).content.subscribers.export.query({})).toEqual(rows);
    expect((await fetch(`${t.baseUrl}/api/subscribes/files`)).status).toBe(401);
  });
});

describe('callback request', () => {
  it('is stored and mailed to the shop only, never to an address the caller gives', async () => {
    // An address to mail is not a field of the call: it is refused, naming it.
    const withAddress = await restFrom<{ message: string }>(t.baseUrl, '10.0.1.1', 'POST', '/subscribes/call', { body: { name: 'Мария', phone: '+7 900 123-45-67', comment: 'После 18:00', email: 'victim@evil.test', consent: true } });
    expect(withAddress.status).toBe(400);
    expect(withAddress.body.message).toContain('Неизвестный параметр: email');
    const answer = await restFrom(t.baseUrl, '10.0.1.1', 'POST', '/subscribes/call', { body: { name: 'Мария', phone: '+7 900 123-45-67', comment: 'После 18:00', consent: true } });
    expect(answer).toEqual({ status: 200, body: { ok: true } });
    const letter = await lastLetter(t.db, 'owner@shop.test');
    expect(letter.subject).toBe('Обратный звонок: Мария, +7 (900) 123-45-67');
    expect(letter.text).toContain('После 18:00');
    const stored = await t.db.selectFrom('callbackRequests').selectAll().execute();
    // Stored in the one normal form, whatever the spelling.
    expect(stored).toMatchObject([{ name: 'Мария', phone: '+79001234567', comment: 'После 18:00' }]);
    const toOthers = await t.db.selectFrom('mailOutbox').select('recipient').where('recipient', '=', 'victim@evil.test').execute();
    expect(toOthers).toEqual([]);
    expect((await t.trpc().content.subscribers.callback.mutate({ name: 'Олег', phone: '8 (495) 000-00-00', consent: true })).ok).toBe(true);
    const oleg = await t.db.selectFrom('callbackRequests').select('phone').where('name', '=', 'Олег').executeTakeFirstOrThrow();
    expect(oleg.phone).toBe('+74950000000');
  });

  it('refuses a phone that is not a phone (400) and is rate-limited per IP like the help desk (429)', async () => {
    expect((await restFrom(t.baseUrl, '10.0.2.1', 'POST', '/subscribes/call', { body: { name: 'А', phone: 'позвоните', consent: true } })).status).toBe(400);
    // Russian numbers only, and the answer says which spelling is expected.
    const foreign = await restFrom<{ message: string }>(t.baseUrl, '10.0.2.1', 'POST', '/subscribes/call', { body: { name: 'А', phone: '+380 44 123 4567', consent: true } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toContain('Введите телефон в формате +7 (900) 123-45-67');
    const answers = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      answers.push((await restFrom(t.baseUrl, '10.0.3.1', 'POST', '/subscribes/call', { body: { name: 'Спам', phone: '+7 900 000-00-00', consent: true } })).status);
    }
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await restFrom(t.baseUrl, '10.0.3.1', 'POST', '/subscribes/call', { body: { name: 'Спам', phone: '+7 900 000-00-00', consent: true } });
    expect(limited.body).toEqual({ statusCode: 429,code: 'TOO_MANY_REQUESTS',  message: statusMessages[429] });
    expect((await restFrom(t.baseUrl, '10.0.3.2', 'POST', '/subscribes/call', { body: { name: 'Другой', phone: '+7 900 000-00-01', consent: true } })).status).toBe(200);
  });

  it('subscribing is rate-limited per IP too', async () => {
    const answers = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      answers.push((await restFrom(t.baseUrl, '10.0.4.1', 'POST', '/subscribes', { body: { email: `spam${attempt}@shop.test`, consent: true } })).status);
    }
    expect(answers.at(-1)).toBe(429);
  });
});
