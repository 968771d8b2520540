import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboxItem } from '../src/shared/schemas/moderation.js';
import { lastLetter } from './support/accounts-support.js';
import { startTestApp, type TestApp } from './support/harness.js';
import { shopper, type ListBody, type Shopper } from './support/reviews-support.js';

/** The staff's inbox (docs/moderation.md): callback requests and help-desk messages with a state, notes and who handled them. */
let t: TestApp;
let admin: string;
let anna: Shopper;

beforeAll(async () => {
  t = await startTestApp({ SHOP_EMAIL: 'desk@shop.test' });
  admin = await t.signInAdmin();
  anna = await shopper(t, 'anna.inbox@shop.test', 'Анна', 'Петрова');
});
afterAll(() => t?.close());

const inbox = async (query = '') => (await t.rest<ListBody<InboxItem>>('GET', `/inbox${query}`, { token: admin })).body;
const newCount = async () => (await t.rest<{ inbox: number }>('GET', '/admin/counts', { token: admin })).body.inbox;

describe('the inbox', () => {
  it('lists callbacks and help-desk messages as new, still mails them, and counts the new ones', async () => {
    expect(await newCount()).toBe(0);
    expect((await t.rest('POST', '/subscribes/call', { body: { name: 'Мария', phone: '+7 900 123-45-67', comment: 'После 18:00', consent: true } })).status).toBe(200);
    expect((await lastLetter(t.db, 'desk@shop.test')).subject).toContain('Обратный звонок: Мария');
    expect((await t.rest('POST', '/users/help', { token: anna.token, body: { name: 'Анна', email: 'anna.inbox@shop.test', message: 'Где мой заказ?' } })).status).toBe(200);
    expect((await lastLetter(t.db, 'desk@shop.test', 2)).subject).toContain('Обращение в поддержку: Анна');

    const all = await inbox();
    expect(all.length).toBe(2);
    expect(all.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'callback', name: 'Мария', phone: '+79001234567', email: null, text: 'После 18:00', status: 'new', note: '', handledBy: null }),
        expect.objectContaining({ kind: 'help', name: 'Анна', phone: null, email: 'anna.inbox@shop.test', userId: anna.id, text: 'Где мой заказ?', status: 'new' }),
      ]),
    );
    expect(await newCount()).toBe(2);
    expect((await inbox('?kind=callback')).rows.map((row) => row.kind)).toEqual(['callback']);
  });

  it('takes an item into work with a note, records who did it, and orders new ones first', async () => {
    const help = (await inbox('?kind=help')).rows[0]!;
    const updated = await t.rest<InboxItem>('PUT', `/inbox/help/${help.id}`, { token: admin, body: { status: 'inProgress', note: 'Перезвонить после обеда' } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ status: 'inProgress', note: 'Перезвонить после обеда' });
    expect(updated.body.handledBy?.name).toBeTruthy();
    expect(Date.parse(updated.body.handledAt ?? '')).toBeGreaterThan(0);
    expect(await newCount()).toBe(1);
    expect((await inbox()).rows.map((row) => row.status)).toEqual(['new', 'inProgress']);
    expect((await inbox('?status=inProgress')).rows.map((row) => row.id)).toEqual([help.id]);

    const callback = (await inbox('?kind=callback')).rows[0]!;
    await t.trpc(admin).inbox.update.mutate({ kind: 'callback', id: callback.id, status: 'done' });
    expect(await newCount()).toBe(0);
    expect((await inbox('?status=done')).rows).toMatchObject([{ kind: 'callback', status: 'done', note: '' }]);
  });

  it('refuses strangers, bad states and unknown items', async () => {
    expect((await t.rest('GET', '/inbox')).status).toBe(401);
    expect((await t.rest('GET', '/inbox', { token: anna.token })).status).toBe(403);
    expect((await t.rest('PUT', '/inbox/help/1', { token: anna.token, body: { status: 'done' } })).status).toBe(403);
    const bad = await t.rest<{ message: string }>('PUT', '/inbox/help/1', { token: admin, body: { status: 'closed' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Выберите статус');
    expect((await t.rest('PUT', '/inbox/letter/1', { token: admin, body: { status: 'done' } })).status).toBe(400);
    expect((await t.rest('PUT', '/inbox/callback/999999', { token: admin, body: { status: 'done' } })).status).toBe(404);
  });
});
