import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../src/shared/schemas/audit.js';
import { signUpShopper } from './support/accounts-support.js';
import { adminCredentials, startTestApp, type TestApp } from './support/harness.js';

/** Every change an Admin makes is in the audit log (docs/audit-log.md): who, when, which call, what was sent. */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t?.close());

type Log = { rows: AuditEntry[]; length: number };
const log = async (query = '') => (await t.rest<Log>('GET', `/audit-log${query}`, { token: admin })).body;

describe('the audit log', () => {
  it('records an Admin’s changes with who, which call, the record and what was sent — not reads, not refusals', async () => {
    const tag = await t.rest<{ id: number }>('POST', '/tags', { token: admin, body: { name: 'Осень', url: 'osen' } });
    expect(tag.status).toBe(200);
    await t.rest('PUT', `/tags/${tag.body.id}`, { token: admin, body: { name: 'Осень 2026', url: 'osen' } });
    await t.rest('GET', '/tags', { token: admin });
    expect((await t.rest('POST', '/tags', { token: admin, body: { name: 'Осень', url: 'osen' } })).status).toBe(409);
    await t.rest('PUT', '/settings/shop', { token: admin, body: { moderation: 'pre' } });

    const { rows, length } = await log();
    expect(length).toBe(3);
    expect(rows.map((row) => row.action)).toEqual(['settings.update', 'catalogue.tags.update', 'catalogue.tags.create']);
    const [settings, update, create] = rows;
    expect(create).toMatchObject({ userEmail: adminCredentials.email, rest: 'POST /tags', entityId: String(tag.body.id), input: { name: 'Осень', url: 'osen' } });
    expect(update).toMatchObject({ rest: 'PUT /tags/{tagId}', entityId: String(tag.body.id), input: { name: 'Осень 2026' } });
    expect(settings).toMatchObject({ rest: 'PUT /settings/shop', summary: 'Изменить настройки магазина (любые из них)', input: { moderation: 'pre' } });
    expect(rows.every((row) => row.userId !== null && row.createdAt)).toBe(true);
  });

  it('never keeps a password or a token, and filters by section, record and period', async () => {
    const created = await t.rest<{ id: number }>('POST', '/users', {
      token: admin,
      body: { firstName: 'Ирина', lastName: 'Орлова', email: 'irina@shop.test', password: 'irina-secret-password-1', role: 'User' },
    });
    expect(created.status).toBe(200);
    const entry = (await log('?section=accounts')).rows[0];
    expect(entry?.action.startsWith('accounts.')).toBe(true);
    expect(JSON.stringify(entry?.input)).not.toContain('irina-secret-password-1');
    expect(entry?.input).toMatchObject({ email: 'irina@shop.test', password: '***' });

    expect((await log('?section=catalogue')).rows.every((row) => row.action.startsWith('catalogue.'))).toBe(true);
    expect((await log(`?entityId=${created.body.id}&section=accounts`)).length).toBe(1);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await log(`?from=${encodeURIComponent(future)}`)).length).toBe(0);
    expect((await t.rest('GET', '/audit-log?section=nothing', { token: admin })).status).toBe(400);
  });

  it('is read by an Admin only', async () => {
    const shopper = await signUpShopper(t);
    expect((await t.rest('GET', '/audit-log')).status).toBe(401);
    expect((await t.rest('GET', '/audit-log', { token: shopper.accessToken })).status).toBe(403);
  });
});
