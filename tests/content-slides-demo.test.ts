import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDeliveryMethods } from '../src/server/db/seed-data/delivery.js';
import { previousDemoSlideTitles, seedContent } from '../src/server/db/seed-data/content.js';
import { libraryImage } from './support/content-support.js';
import { startTestApp, type TestApp } from './support/harness.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const seed = () => t.db.transaction().execute((trx) => seedContent(trx));
const texts = async () => (await t.trpc().content.slides.list.query({})).rows.map(({ title, subtitle, buttonText, link }) => ({ title, subtitle, buttonText, link }));

describe('demo slides', () => {
  it('advertise the shop’s real features with text of their own; the old demo slides with drawn-in text are replaced, a shop’s own list is kept', async () => {
    const image = await libraryImage(t.db);
    await t.db.insertInto('slides').values(previousDemoSlideTitles.map((title, position) => ({ image, title, link: '/catalog', position }))).execute();
    await seed();
    const seeded = await texts();
    const freeFrom = Math.min(...demoDeliveryMethods.flatMap((method) => [method.freeFrom, ...method.zones.map((zone) => zone.freeFrom)]).filter((value) => value !== null)) / 100;
    expect(freeFrom).toBe(5000);
    expect(seeded.map((slide) => slide.title.replace(/\s/g, ' '))).toEqual(['Бесплатная доставка от 5 000 ₽', 'Самовывоз из пунктов выдачи в Москве', 'Ваш размер — с первого раза']);
    expect(seeded[2]?.subtitle).toContain('«Таблица размеров»');
    expect(seeded.map((slide) => slide.link)).toEqual(['/catalog', '/delivery', '/catalog?categories=odezhda']);
    for (const slide of seeded) expect(slide.buttonText).not.toBe('');

    // Seeding again, or over a list the shop made, changes nothing.
    await seed();
    expect(await texts()).toEqual(seeded);
    await t.trpc(await t.signInAdmin()).content.slides.replace.mutate({ slides: [{ image, title: previousDemoSlideTitles[0], subtitle: 'Своя подпись' }] });
    await seed();
    expect((await texts()).map((slide) => slide.subtitle)).toEqual(['Своя подпись']);
  });
});
