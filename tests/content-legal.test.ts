import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentMessage } from '../src/shared/schemas/consent.js';
import type { LegalPage, LegalPageCard } from '../src/shared/schemas/legal.js';
import type { Checkout } from '../src/shared/schemas/orders.js';
import { restFrom } from './support/accounts-support.js';
import { shopperToken, type Rows } from './support/content-support.js';
import { startTestApp, type TestApp } from './support/harness.js';
import { delivery, guest, setUpShop, signUp, variantOf, type Shop } from './support/orders-support.js';

/** Legal pages and consents (docs/legal.md): public pages the Admin edits, and consent refused or stored with the policy's version. */
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-legal-'));
fs.writeFileSync(
  path.join(clientDir, 'index.html'),
  '<!doctype html>\n<html lang="ru">\n  <head>\n    <meta charset="UTF-8" />\n    <meta name="description" content="Старое описание" />\n    <title>Магазин</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
);

let t: TestApp;
let admin: string;
let shop: Shop;

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://shop.example.ru' }, clientDir);
  admin = await t.signInAdmin();
  shop = await setUpShop(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

type Refusal = { statusCode: number; message: string };

const privacyVersion = async () => (await t.rest<LegalPage>('GET', '/legal-pages/privacy')).body.version;

const consentsOf = (kind: string, subjectId: number | null) =>
  t.db.selectFrom('consents').select(['kind', 'subjectId', 'contact', 'policyVersion', 'givenAt', 'network']).where('kind', '=', kind as 'order').where('subjectId', subjectId === null ? 'is' : '=', subjectId).execute();

/** A freshly saved consent: this kind, subject, contact and network, the given policy version, given just now. */
async function expectConsent(kind: string, subjectId: number, contact: string, version: number, network?: string): Promise<void> {
  const rows = await consentsOf(kind, subjectId);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ kind, subjectId, contact, policyVersion: version, ...(network ? { network } : {}) });
  expect(Date.now() - rows[0]!.givenAt.getTime()).toBeLessThan(60_000);
}

async function guestBasket(): Promise<string> {
  const basket = await t.rest<{ id: string }>('POST', '/baskets', { body: { orderProducts: [{ variantId: variantOf(shop.mug), quantity: 1 }] } });
  return basket.body.id;
}

describe('legal pages', () => {
  it('are four, readable by anyone, each with a drafted Russian text', async () => {
    const list = await t.rest<Rows<LegalPageCard>>('GET', '/legal-pages');
    expect(list.status).toBe(200);
    expect(list.body.rows.map((row) => [row.slug, row.title])).toEqual([
      ['privacy', 'Политика конфиденциальности'],
      ['offer', 'Публичная оферта'],
      ['delivery', 'Доставка и оплата'],
      ['returns', 'Обмен и возврат'],
    ]);
    const privacy = await t.rest<LegalPage>('GET', '/legal-pages/privacy');
    expect(privacy.body).toMatchObject({ slug: 'privacy', version: 1 });
    expect(privacy.body.body).toContain('152-ФЗ');
    expect((await t.trpc().content.legal.get.query({ slug: 'returns' })).body).toContain('14 дней');
    const unknown = await t.rest<Refusal>('GET', '/legal-pages/cookies');
    expect(unknown.status).toBe(400);
    const document = (await t.rest<{ paths: Record<string, Record<string, unknown>> }>('GET', '/openapi.json')).body;
    expect(Object.keys(document.paths['/legal-pages'] ?? {})).toEqual(['get']);
    expect(Object.keys(document.paths['/legal-pages/{slug}'] ?? {}).sort()).toEqual(['get', 'put']);
    expect(JSON.stringify(document.paths['/subscribes/call'])).toContain('consent');
  });

  it('are edited by the Admin only: the version goes up, a stale edit is refused, the HTML is cleaned', async () => {
    const before = (await t.rest<LegalPage>('GET', '/legal-pages/offer')).body;
    const body = { title: 'Публичная оферта', body: '<p onclick="steal()">Условия</p><script>alert(1)</script><a href="javascript:alert(1)">ссылка</a>' };
    expect((await t.rest('PUT', '/legal-pages/offer', { body })).status).toBe(401);
    expect((await t.rest('PUT', '/legal-pages/offer', { body, token: await shopperToken(t) })).status).toBe(403);
    await expect(t.trpc(await shopperToken(t)).content.legal.update.mutate({ slug: 'offer', ...body })).rejects.toMatchObject({ data: { httpStatus: 403 } });

    const saved = await t.rest<LegalPage>('PUT', '/legal-pages/offer', { body: { ...body, version: before.version }, token: admin });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ slug: 'offer', version: before.version + 1 });
    expect(saved.body.body).toBe('<p>Условия</p><a>ссылка</a>');
    expect(saved.body.updatedAt.valueOf()).not.toBe(before.updatedAt.valueOf());
    expect((await t.rest<LegalPage>('GET', '/legal-pages/offer')).body.body).toBe('<p>Условия</p><a>ссылка</a>');
    const editor = await t.db.selectFrom('legalPages').select('updatedBy').where('slug', '=', 'offer').executeTakeFirstOrThrow();
    expect(editor.updatedBy).not.toBeNull();

    const stale = await t.rest<Refusal>('PUT', '/legal-pages/offer', { body: { ...body, version: before.version }, token: admin });
    expect(stale.status).toBe(409);
    expect((await t.rest<Refusal>('PUT', '/legal-pages/offer', { body: { title: '', body: '' }, token: admin })).status).toBe(400);
  });

  it('are in the sitemap and have their own title in the first HTML', async () => {
    const sitemap = await (await fetch(`${t.baseUrl}/sitemap.xml`)).text();
    for (const slug of ['privacy', 'offer', 'delivery', 'returns']) expect(sitemap).toContain(`<loc>https://shop.example.ru/${slug}</loc>`);
    const response = await fetch(`${t.baseUrl}/privacy`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>Политика конфиденциальности | Магазин</title>');
    expect(html).toContain('<link rel="canonical" href="https://shop.example.ru/privacy"');
    const renamed = await t.rest('PUT', '/legal-pages/delivery', { body: { title: 'Доставка, оплата и примерка', body: '<p>Курьером и почтой.</p>' }, token: admin });
    expect(renamed.status).toBe(200);
    expect(await (await fetch(`${t.baseUrl}/delivery`)).text()).toContain('<title>Доставка, оплата и примерка | Магазин</title>');
    expect((await fetch(`${t.baseUrl}/privacy/extra`)).status).toBe(404);
  });
});

describe('consent to the processing of personal data', () => {
  it('is required by sign-up, both checkouts, the subscription and the callback: 400 with the Russian message, nothing stored', async () => {
    const refusals = [
      await t.rest<Refusal>('POST', '/auth/signup', { body: { firstName: 'Вера', email: 'no.consent@shop.test', password: 'vera-password-1' } }),
      await t.rest<Refusal>('POST', '/auth/signup', { body: { firstName: 'Вера', email: 'no.consent@shop.test', password: 'vera-password-1', consent: false } }),
      await t.rest<Refusal>('POST', '/checkouts', { token: (await signUp(t, 'no.consent.buyer@shop.test')).token, body: { phone: guest.phone, address: delivery, oneClick: { variantId: variantOf(shop.mug) } } }),
      await t.rest<Refusal>('POST', '/checkouts/direct', { body: { ...guest, consent: undefined, basketId: await guestBasket(), address: delivery } }),
      await t.rest<Refusal>('POST', '/subscribes', { body: { email: 'no.consent@shop.test' } }),
      await t.rest<Refusal>('POST', '/subscribes/call', { body: { name: 'Мария', phone: '+7 900 123-45-67' } }),
    ];
    for (const refusal of refusals) {
      expect(refusal.status).toBe(400);
      expect(refusal.body.message).toContain(consentMessage);
    }
    await expect(t.trpc().content.subscribers.callback.mutate({ name: 'Мария', phone: '+7 900 123-45-67' } as never)).rejects.toThrow(consentMessage);
    expect(await t.db.selectFrom('users').select('id').where('email', '=', 'no.consent@shop.test').execute()).toEqual([]);
    expect(await t.db.selectFrom('subscribers').select('id').where('email', '=', 'no.consent@shop.test').execute()).toEqual([]);
    expect(await t.db.selectFrom('callbackRequests').select('id').execute()).toEqual([]);
    expect(await t.db.selectFrom('checkouts').select('id').where('email', 'in', [guest.email, 'no.consent.buyer@shop.test']).execute()).toEqual([]);
  });

  it('is stored with the thing consented to: the policy version, the time, the contact and the network', async () => {
    const version = await privacyVersion();
    const signup = await restFrom<{ user: { id: number; email: string } }>(t.baseUrl, '203.0.113.7', 'POST', '/auth/signup', {
      body: { firstName: 'Вера', email: 'vera.consent@shop.test', password: 'vera-password-1', consent: true },
    });
    expect(signup.status).toBe(200);
    await expectConsent('signup', signup.body.user.id, 'vera.consent@shop.test', version, '203.0.113.7');

    const buyer = await signUp(t, 'consent.buyer@shop.test');
    const mine = await t.rest<Checkout>('POST', '/checkouts', { token: buyer.token, body: { phone: guest.phone, address: delivery, oneClick: { variantId: variantOf(shop.mug) }, consent: true } });
    expect(mine.status).toBe(200);
    await expectConsent('one_click', mine.body.id, 'consent.buyer@shop.test', version);

    const direct = await t.rest<Checkout>('POST', '/checkouts/direct', { body: { ...guest, basketId: await guestBasket(), address: delivery } });
    expect(direct.status).toBe(200);
    await expectConsent('order', direct.body.id, guest.email, version);

    expect((await t.rest('POST', '/subscribes', { body: { email: 'Reader@Shop.test', consent: true } })).status).toBe(200);
    const subscriber = await t.db.selectFrom('subscribers').select('id').where('email', '=', 'reader@shop.test').executeTakeFirstOrThrow();
    await expectConsent('subscription', subscriber.id, 'reader@shop.test', version);

    expect((await t.trpc().content.subscribers.callback.mutate({ name: 'Мария', phone: '+7 900 123-45-67', consent: true })).ok).toBe(true);
    const callback = await t.db.selectFrom('callbackRequests').select('id').executeTakeFirstOrThrow();
    // The phone as stored: the normal form (docs/orders.md).
    await expectConsent('callback', callback.id, '+79001234567', version);
  });

  it('carries the policy version in force: after an edit of the policy, later consents name the new one', async () => {
    const before = await t.rest<LegalPage>('GET', '/legal-pages/privacy');
    const edited = await t.rest<LegalPage>('PUT', '/legal-pages/privacy', { body: { title: before.body.title, body: `${before.body.body}<p>Новый пункт.</p>`, version: before.body.version }, token: admin });
    expect(edited.body.version).toBe(before.body.version + 1);
    const buyer = await signUp(t, 'after.edit@shop.test');
    await expectConsent('signup', buyer.id, 'after.edit@shop.test', before.body.version + 1);
    const order = await t.rest<Checkout>('POST', '/checkouts/direct', { body: { ...guest, email: 'after.edit@guest.test', address: delivery, oneClick: { variantId: variantOf(shop.mug) } } });
    await expectConsent('one_click', order.body.id, 'after.edit@guest.test', before.body.version + 1);
    // Earlier consents keep the version they were given to.
    const older = await t.db.selectFrom('consents').select('policyVersion').where('contact', '=', 'vera.consent@shop.test').executeTakeFirstOrThrow();
    expect(older.policyVersion).toBe(before.body.version);
  });

  it('is not asked of staff taking an order by phone', async () => {
    const staff = await t.trpc(admin).orders.checkouts.createByStaff.mutate({ firstName: guest.firstName, lastName: guest.lastName, phone: guest.phone, email: 'by.phone@guest.test', address: delivery, items: [{ variantId: variantOf(shop.mug), quantity: 1 }] });
    expect(staff.status).toBe('New');
    expect(await consentsOf('order', staff.id)).toEqual([]);
  });
});
