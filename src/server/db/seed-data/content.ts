import { randomBytes } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import sharp from 'sharp';
import { encodeImage } from '../../services/media/encode.js';
import { insertImages, type ImageToStore } from '../../services/media/library.js';
import { databaseImageStore, type ImageStore } from '../../services/media/store.js';
import { sanitizeNewsBody } from '../../services/content/sanitize.js';
import { formatRubles } from '../../../shared/money.js';
import type { Database } from '../schema.js';
import { demoDeliveryMethods } from './delivery.js';

/**
 * Demo content for the home page (runs after the catalogue and media seeds): three banner slides
 * advertising what the shop really offers (size charts, pickup points, free delivery from the demo
 * delivery's own threshold) with pictures drawn here without text — the text is the slide's
 * own, shown as HTML over the picture — news posts (two on the main page), a second
 * advertisement, a few confirmed subscribers and QR records. Idempotent.
 */

/** The lowest «free from» of the demo delivery methods, in rubles (5 000 ₽ as seeded). */
const freeDeliveryFrom =
  Math.min(...demoDeliveryMethods.flatMap((method) => [method.freeFrom, ...method.zones.map((zone) => zone.freeFrom)]).filter((value): value is number => value !== null)) / 100;

const banners = [
  {
    title: 'Бесплатная доставка от ' + formatRubles(freeDeliveryFrom),
    subtitle: 'Курьером по Москве и Санкт-Петербургу или Почтой России в любой город',
    buttonText: 'Перейти в каталог',
    link: '/catalog',
    from: '#1c3d5a',
    to: '#3b6e8f',
  },
  {
    title: 'Самовывоз из пунктов выдачи в Москве',
    subtitle: 'Бесплатно: заберите заказ на Тверской или на Новом Арбате, он хранится 7 дней',
    buttonText: 'Условия доставки',
    link: '/delivery',
    from: '#7a1f2b',
    to: '#c0392b',
  },
  {
    title: 'Ваш размер — с первого раза',
    subtitle: '«Таблица размеров» на странице каждой модели одежды и обуви: обхваты и длина стопы в сантиметрах',
    buttonText: 'Выбрать одежду',
    link: '/catalog?categories=odezhda',
    from: '#1e5631',
    to: '#2e8b57',
  },
];

/** A text-free picture: the slide's text is HTML over it, so nothing here needs to be read. */
function bannerSvg(banner: (typeof banners)[number]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="600">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${banner.from}"/><stop offset="1" stop-color="${banner.to}"/></linearGradient></defs>
  <rect width="1600" height="600" fill="url(#g)"/>
  <circle cx="1320" cy="300" r="230" fill="#ffffff" fill-opacity="0.12"/>
  <circle cx="1180" cy="120" r="90" fill="#ffffff" fill-opacity="0.08"/>
  <circle cx="1480" cy="520" r="140" fill="#ffffff" fill-opacity="0.06"/>
</svg>`;
}

async function bannerPicture(banner: (typeof banners)[number], index: number): Promise<ImageToStore> {
  const jpeg = await sharp(Buffer.from(bannerSvg(banner))).jpeg({ quality: 88 }).toBuffer();
  return { originalName: `banner-${index + 1}.jpg`, size: jpeg.length, image: await encodeImage(jpeg, { effort: 1 }) };
}

/**
 * The demo slides written before migration 0036: pictures with their text drawn in, shown now
 * under the same text as HTML. A list made only of them is replaced; any other list is the shop's.
 */
export const previousDemoSlideTitles = [
  'Осенняя коллекция. Куртки, свитеры и ботинки для холодных дней',
  'Скидки до 30%. Только на этой неделе: обувь и аксессуары',
  'Новинки для спорта. Кроссовки, форма и инвентарь',
];

async function seedSlides(trx: Transaction<Database>, store: ImageStore): Promise<void> {
  const existing = await trx.selectFrom('slides').select(['title', 'subtitle']).execute();
  const previousDemo = existing.length > 0 && existing.every((slide) => !slide.subtitle && previousDemoSlideTitles.includes(slide.title));
  if (existing.length && !previousDemo) return;
  if (previousDemo) await trx.deleteFrom('slides').execute();
  const pictures = await Promise.all(banners.map(bannerPicture));
  const names = await insertImages(trx, store, pictures);
  await trx
    .insertInto('slides')
    .values(banners.map((banner, position) => ({ image: names[position]!, link: banner.link, title: banner.title, subtitle: banner.subtitle, buttonText: banner.buttonText, position })))
    .execute();
}

const posts = [
  {
    url: 'otkrytie-osennego-sezona',
    title: 'Открываем осенний сезон',
    excerpt: 'Новая коллекция курток, свитеров и ботинок уже в каталоге.',
    showOnMain: true,
    category: 'kurtki',
    body: '<h2>Осень в «Магазине»</h2><p>Мы обновили каталог: <strong>пуховики, парки и ветровки</strong>, тёплые свитеры и утеплённые ботинки.</p><ul><li>Примерка перед покупкой</li><li>Доставка по всей России</li><li>Возврат в течение 14 дней</li></ul><p><a href="/catalog?tags=osen-zima">Смотреть коллекцию</a></p>',
  },
  {
    url: 'nedelya-skidok',
    title: 'Неделя скидок на обувь',
    excerpt: 'Скидки до 30% на кроссовки и ботинки до конца недели.',
    showOnMain: true,
    category: 'krossovki',
    body: '<p>До воскресенья действуют <strong>скидки до 30%</strong> на кроссовки и ботинки.</p><blockquote><p>Скидка уже учтена в цене на странице товара.</p></blockquote><p><a href="/catalog?tags=skidka">Все товары со скидкой</a></p>',
  },
  {
    url: 'grafik-raboty-v-prazdniki',
    title: 'График работы в праздники',
    excerpt: 'Заказы принимаем круглосуточно, доставка — по обычному графику.',
    showOnMain: false,
    category: 'aksessuary',
    body: '<p>Сайт принимает заказы круглосуточно. В праздничные дни курьеры работают <em>с 10:00 до 18:00</em>.</p><p>Вопросы — в службу поддержки из личного кабинета.</p>',
  },
];

async function seedNews(trx: Transaction<Database>): Promise<void> {
  for (const [index, post] of posts.entries()) {
    const category = await trx.selectFrom('categories').select('image').where('url', '=', post.category).executeTakeFirst();
    await trx
      .insertInto('news')
      .values({
        url: post.url,
        title: post.title,
        excerpt: post.excerpt,
        body: sanitizeNewsBody(post.body),
        image: category?.image ?? null,
        showOnMain: post.showOnMain,
      })
      .onConflict((oc) => oc.column('url').doNothing())
      .execute();
    // Spread the dates so «newest first» has an order to show.
    await sql`update news set created_at = now() - make_interval(days => ${index * 3}), updated_at = now() - make_interval(days => ${index * 3}) where url = ${post.url}`.execute(trx);
  }
}

async function seedOutreach(trx: Transaction<Database>): Promise<void> {
  const hasSecond = await trx.selectFrom('advertisements').select('id').where('title', '=', 'Скидка 10% за подписку').executeTakeFirst();
  if (!hasSecond) {
    await trx.insertInto('advertisements').values({ title: 'Скидка 10% за подписку', description: 'Подпишитесь на новости — промокод придёт в первом письме.' }).execute();
  }
  const subscribers = ['anna@shop.local', 'maria.ivanova@example.ru', 'sergey.petrov@example.ru'];
  await trx
    .insertInto('subscribers')
    .values(subscribers.map((email, index) => ({ email, mailId: randomBytes(24).toString('base64url'), confirmedAt: sql<Date>`now() - make_interval(days => ${index + 1})` })))
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  const records = [
    { qrCode: 'DEMO-GENUINE-0001', title: 'Кроссовки, партия сентября', tags: ['obuv', 'partiya-2026-09'] },
    { qrCode: 'DEMO-GENUINE-0002', title: 'Куртки, партия октября', tags: ['odezhda', 'partiya-2026-10'] },
    { qrCode: 'DEMO-GENUINE-0003', title: 'Рюкзаки', tags: ['aksessuary'] },
  ];
  await trx.insertInto('scanners').values(records).onConflict((oc) => oc.column('qrCode').doNothing()).execute();
}

export async function seedContent(trx: Transaction<Database>, store: ImageStore = databaseImageStore): Promise<void> {
  await seedSlides(trx, store);
  await seedNews(trx);
  await seedOutreach(trx);
}
