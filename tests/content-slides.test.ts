import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainMessages, statusMessages } from '../src/shared/errors.js';
import { slideTextLimits } from '../src/shared/schemas/content.js';
import { libraryImage, shopperToken, type Rows } from './support/content-support.js';
import { startTestApp, type TestApp } from './support/harness.js';

interface Slide {
  id: number;
  image: string;
  link: string;
  title: string;
  subtitle: string;
  buttonText: string;
  position: number;
}

let t: TestApp;
let admin: string;
let shopper: string;
let images: [string, string, string];

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signInAdmin();
  shopper = await shopperToken(t);
  images = [await libraryImage(t.db), await libraryImage(t.db), await libraryImage(t.db)];
});
afterAll(() => t?.close());

describe('slides', () => {
  it('adds slides at the end, reads one and the list in order (REST)', async () => {
    const first = await t.rest<Slide>('POST', '/slides', { body: { image: images[0], link: '/catalog', title: 'Осенняя коллекция' }, token: admin });
    expect(first.status).toBe(200);
    // An older client sends no subtitle or button text: they come back empty.
    expect(first.body).toMatchObject({ image: images[0], link: '/catalog', title: 'Осенняя коллекция', subtitle: '', buttonText: '', position: 0 });
    const second = await t.rest<Slide>('POST', '/slides', { body: { image: images[1], link: 'https://example.ru/sale' }, token: admin });
    expect(second.body.position).toBe(1);
    expect(await t.rest('GET', `/slides/${first.body.id}`)).toEqual({ status: 200, body: first.body });
    const list = await t.rest<Rows<Slide>>('GET', '/slides');
    expect(list.body).toEqual({ rows: [first.body, second.body], length: 2 });
  });

  it('PUT replaces the whole list in the order given, in one transaction (tRPC and REST)', async () => {
    const replaced = await t.trpc(admin).content.slides.replace.mutate({
      slides: [
        { image: images[2], link: '/news', title: 'Новости' },
        { image: images[0], link: '/catalog', title: 'Каталог' },
      ],
    });
    expect(replaced.rows.map((row) => [row.image, row.position])).toEqual([
      [images[2], 0],
      [images[0], 1],
    ]);
    expect((await t.trpc().content.slides.list.query({})).rows).toEqual(replaced.rows);

    // One unknown image refuses the whole list: the old list stays as it was.
    const refused = await t.rest('PUT', '/slides', {
      body: { slides: [{ image: images[1], link: '/' }, { image: '0123456789abcdef0123456789abcdef.webp', link: '/' }] },
      token: admin,
    });
    expect(refused.status).toBe(400);
    expect((await t.trpc().content.slides.list.query({})).rows).toEqual(replaced.rows);

    const emptied = await t.rest<Rows<Slide>>('PUT', '/slides', { body: { slides: [] }, token: admin });
    expect(emptied.body).toEqual({ rows: [], length: 0 });
    await t.rest('PUT', '/slides', { body: { slides: [{ image: images[0], link: '/catalog' }] }, token: admin });
  });

  it('saves and returns the heading, subtitle and button text (POST, PUT, GET; REST and tRPC)', async () => {
    const text = { title: ' Самовывоз из пунктов выдачи ', subtitle: 'Заказ хранится 7 дней', buttonText: 'Условия доставки' };
    const created = await t.rest<Slide>('POST', '/slides', { body: { image: images[0], link: '/delivery', ...text }, token: admin });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ link: '/delivery', title: 'Самовывоз из пунктов выдачи', subtitle: 'Заказ хранится 7 дней', buttonText: 'Условия доставки' });
    expect((await t.rest<Slide>('GET', `/slides/${created.body.id}`)).body).toEqual(created.body);

    const replaced = await t.trpc(admin).content.slides.replace.mutate({
      slides: [
        { image: images[1], link: '/catalog', title: 'Таблица размеров', subtitle: 'У каждой модели', buttonText: 'Выбрать' },
        { image: images[2], link: '', title: '', subtitle: '', buttonText: '' },
      ],
    });
    const listed = await t.rest<Rows<Slide>>('GET', '/slides');
    expect(listed.body.rows).toEqual(replaced.rows);
    expect(listed.body.rows.map(({ title, subtitle, buttonText }) => [title, subtitle, buttonText])).toEqual([
      ['Таблица размеров', 'У каждой модели', 'Выбрать'],
      ['', '', ''],
    ]);
  });

  it('refuses text over its limit with a Russian 400 and keeps the old list', async () => {
    const before = (await t.trpc().content.slides.list.query({})).rows;
    const cases = [
      { field: 'title', length: slideTextLimits.title, message: `Заголовок — не длиннее ${slideTextLimits.title} символов` },
      { field: 'subtitle', length: slideTextLimits.subtitle, message: `Подзаголовок — не длиннее ${slideTextLimits.subtitle} символов` },
      { field: 'buttonText', length: slideTextLimits.buttonText, message: `Текст кнопки — не длиннее ${slideTextLimits.buttonText} символов` },
    ];
    for (const { field, length, message } of cases) {
      const atLimit = await t.rest<Slide>('POST', '/slides', { body: { image: images[0], [field]: 'я'.repeat(length) }, token: admin });
      expect(atLimit.status).toBe(200);
      const created = await t.rest<{ message: string }>('POST', '/slides', { body: { image: images[0], [field]: 'я'.repeat(length + 1) }, token: admin });
      expect(created.status).toBe(400);
      expect(created.body.message).toContain(message);
      const current = await t.rest<Rows<Slide>>('GET', '/slides');
      const replaced = await t.rest<{ message: string }>('PUT', '/slides', { body: { slides: [{ image: images[0], [field]: 'я'.repeat(length + 1) }] }, token: admin });
      expect(replaced.status).toBe(400);
      expect(replaced.body.message).toContain(message);
      expect(await t.rest('GET', '/slides')).toEqual(current);
    }
    await t.trpc(admin).content.slides.replace.mutate({ slides: before.map(({ image, link, title, subtitle, buttonText }) => ({ image, link, title, subtitle, buttonText })) });
  });

  it('documents the new fields in the OpenAPI document (optional on input, present on output)', async () => {
    const document = await t.rest<{ paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>> }>('GET', '/openapi.json');
    const body = JSON.stringify(document.body.paths['/slides']?.['post']?.requestBody);
    for (const field of ['title', 'subtitle', 'buttonText']) expect(body).toContain(`"${field}"`);
  });

  it('refuses links that are not a shop path or http(s), and unknown ids', async () => {
    for (const link of ['javascript:alert(1)', '//evil.example', 'data:text/html,x']) {
      const answer = await t.rest<{ message: string }>('POST', '/slides', { body: { image: images[0], link }, token: admin });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain('link');
    }
    expect((await t.rest('GET', '/slides/99999')).status).toBe(404);
  });

  it('keeps writes to staff: 401 without a token, 403 for a shopper', async () => {
    expect(await t.rest('POST', '/slides', { body: { image: images[0] } })).toEqual({ status: 401, body: { statusCode: 401,code: 'UNAUTHORIZED',  message: statusMessages[401] } });
    expect((await t.rest('PUT', '/slides', { body: { slides: [] }, token: shopper })).status).toBe(403);
  });

  it('an image a slide shows cannot be deleted (in-use rule names the slide)', async () => {
    const slide = (await t.trpc().content.slides.list.query({})).rows[0]!;
    const refused = await t.rest<{ message: string }>('DELETE', `/images/${slide.image}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`${domainMessages.imageInUsePrefix}слайдах: ${slide.id}`);
  });
});

describe('advertisements', () => {
  it('lists, reads and updates title and description; no create or delete', async () => {
    const list = await t.rest<Rows<{ id: number; title: string; version: number }>>('GET', '/advertisements');
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThanOrEqual(1);
    const ad = list.body.rows[0]!;
    expect(await t.rest('GET', `/advertisements/${ad.id}`)).toEqual({ status: 200, body: ad });

    const updated = await t.rest('PUT', `/advertisements/${ad.id}`, { body: { title: 'Скидка 10% подписчикам', description: 'Промокод в первом письме.', version: ad.version }, token: admin });
    expect(updated.body).toEqual({ id: ad.id, title: 'Скидка 10% подписчикам', description: 'Промокод в первом письме.', version: ad.version + 1 });
    const stale = await t.rest('PUT', `/advertisements/${ad.id}`, { body: { title: 'Другое', version: ad.version }, token: admin });
    expect(stale).toEqual({ status: 409, body: { statusCode: 409,code: 'CONFLICT',  message: domainMessages.staleVersion } });
    expect((await t.trpc().content.advertisements.get.query({ advertisementId: ad.id })).title).toBe('Скидка 10% подписчикам');

    expect((await t.rest('PUT', `/advertisements/${ad.id}`, { body: { title: 'X' }, token: shopper })).status).toBe(403);
    expect((await t.rest('PUT', `/advertisements/${ad.id}`, { body: { title: '' }, token: admin })).status).toBe(400);
    expect((await t.rest('GET', '/advertisements/4242')).status).toBe(404);
    expect((await t.rest('POST', '/advertisements', { body: { title: 'X' }, token: admin })).status).toBe(404);
  });
});
