import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/connection.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';

/**
 * The bench catalogue (bench/README.md, Catalogue): 100 000 products with 3 variants each (own colour, price
 * and stock), 40 categories in two levels, 200 brands, 30 colours, 50 tags, 20 sizes; Russian
 * names; prices log-uniform from 100 to 100 000 ₽. Shoes have 2–6 consecutive sizes of 36–46,
 * clothes, swimwear and children's clothes 2–6 of XS–3XL, hats one size, the rest none; every colour
 * has one item per size (one without a size when the product has none) with its own stock, so
 * `sizes` + `available` is a question about one size of one colour. Filled with
 * generate_series in a few statements (about a minute), deterministic apart from stock.
 */

export const productCount = 100_000;

/** Eight departments of four subcategories; each subcategory sells three kinds of product. */
export const departments: Array<[string, string, Array<[string, string, [string, string, string]]>]> = [
  ['Обувь', 'obuv', [
    ['Кроссовки и кеды', 'krossovki', ['Кроссовки', 'Кеды', 'Слипоны']],
    ['Ботинки', 'botinki', ['Ботинки', 'Сапоги', 'Челси']],
    ['Туфли', 'tufli', ['Туфли', 'Лоферы', 'Мокасины']],
    ['Летняя обувь', 'letnyaya-obuv', ['Сандалии', 'Сланцы', 'Шлёпанцы']],
  ]],
  ['Одежда', 'odezhda', [
    ['Верхняя одежда', 'verhnyaya-odezhda', ['Куртка', 'Пуховик', 'Ветровка']],
    ['Футболки', 'futbolki', ['Футболка', 'Поло', 'Майка']],
    ['Брюки и джинсы', 'bryuki', ['Джинсы', 'Брюки', 'Шорты']],
    ['Трикотаж', 'trikotazh', ['Свитер', 'Худи', 'Кардиган']],
  ]],
  ['Аксессуары', 'aksessuary', [
    ['Сумки', 'sumki', ['Сумка', 'Рюкзак', 'Портфель']],
    ['Головные уборы', 'golovnye-ubory', ['Шапка', 'Кепка', 'Панама']],
    ['Кожгалантерея', 'kozhgalantereya', ['Ремень', 'Кошелёк', 'Визитница']],
    ['Очки', 'ochki', ['Очки', 'Футляр', 'Чехол']],
  ]],
  ['Спорт', 'sport', [
    ['Фитнес', 'fitnes', ['Гантели', 'Коврик', 'Эспандер']],
    ['Бег', 'beg', ['Шагомер', 'Пульсометр', 'Повязка']],
    ['Велоспорт', 'velosport', ['Велосипед', 'Шлем', 'Велоперчатки']],
    ['Плавание', 'plavanie', ['Купальник', 'Плавки', 'Маска']],
  ]],
  ['Туризм', 'turizm', [
    ['Палатки', 'palatki', ['Палатка', 'Тент', 'Шатёр']],
    ['Спальники', 'spalniki', ['Спальник', 'Вкладыш', 'Гамак']],
    ['Походная посуда', 'posuda', ['Термос', 'Котелок', 'Кружка']],
    ['Свет', 'svet', ['Фонарь', 'Лампа', 'Горелка']],
  ]],
  ['Дом', 'dom', [
    ['Текстиль', 'tekstil', ['Плед', 'Полотенце', 'Покрывало']],
    ['Кухня', 'kuhnya', ['Сковорода', 'Кастрюля', 'Чайник']],
    ['Хранение', 'hranenie', ['Корзина', 'Короб', 'Органайзер']],
    ['Декор', 'dekor', ['Ваза', 'Свеча', 'Рамка']],
  ]],
  ['Детям', 'detyam', [
    ['Игрушки', 'igrushki', ['Конструктор', 'Кукла', 'Машинка']],
    ['Детская одежда', 'detskaya-odezhda', ['Комбинезон', 'Боди', 'Ползунки']],
    ['Коляски', 'kolyaski', ['Коляска', 'Автокресло', 'Переноска']],
    ['Школа', 'shkola', ['Ранец', 'Пенал', 'Дневник']],
  ]],
  ['Красота', 'krasota', [
    ['Уход', 'uhod', ['Крем', 'Сыворотка', 'Лосьон']],
    ['Волосы', 'volosy', ['Шампунь', 'Бальзам', 'Расчёска']],
    ['Парфюмерия', 'parfyumeriya', ['Духи', 'Одеколон', 'Парфюм']],
    ['Макияж', 'makiyazh', ['Помада', 'Тушь', 'Пудра']],
  ]],
];

export const colors: Array<[string, string, string]> = [
  ['Чёрный', 'chernyj', '#000000'], ['Белый', 'belyj', '#ffffff'], ['Серый', 'seryj', '#9e9e9e'],
  ['Графитовый', 'grafitovyj', '#383e42'], ['Красный', 'krasnyj', '#d32f2f'], ['Бордовый', 'bordovyj', '#7b1f2e'],
  ['Розовый', 'rozovyj', '#f48fb1'], ['Малиновый', 'malinovyj', '#c2185b'], ['Оранжевый', 'oranzhevyj', '#f57c00'],
  ['Жёлтый', 'zheltyj', '#fbc02d'], ['Горчичный', 'gorchichnyj', '#c9a227'], ['Зелёный', 'zelenyj', '#2e7d32'],
  ['Оливковый', 'olivkovyj', '#6b7f3a'], ['Хаки', 'haki', '#78866b'], ['Мятный', 'myatnyj', '#98d8c8'],
  ['Бирюзовый', 'biryuzovyj', '#00a3a3'], ['Голубой', 'goluboj', '#64b5f6'], ['Синий', 'sinij', '#1e4fa3'],
  ['Тёмно-синий', 'temno-sinij', '#1a2a4f'], ['Фиолетовый', 'fioletovyj', '#6a1b9a'], ['Лавандовый', 'lavandovyj', '#b39ddb'],
  ['Бежевый', 'bezhevyj', '#e8d8b9'], ['Песочный', 'pesochnyj', '#d2b48c'], ['Коричневый', 'korichnevyj', '#795548'],
  ['Шоколадный', 'shokoladnyj', '#4e342e'], ['Терракотовый', 'terrakotovyj', '#c0603a'], ['Молочный', 'molochnyj', '#f3efe0'],
  ['Золотой', 'zolotoj', '#d4af37'], ['Серебряный', 'serebryanyj', '#c0c0c0'], ['Мультиколор', 'multikolor', '#8e44ad'],
];

const brandStems = ['Nord', 'Alpi', 'Terra', 'Velo', 'Aqua', 'Urban', 'Polar', 'Sky', 'Stone', 'Wild', 'Sun', 'Iron', 'Red', 'Blue', 'Green', 'Fox', 'Bear', 'Wolf', 'Lynx', 'Eagle'];
const brandEndings = ['ex', 'line', 'tex', 'wear', 'sport', 'style', 'form', 'land', 'go', 'max'];
const series = ['Classic', 'Pro', 'Lite', 'Max', 'Air', 'Urban', 'Trail', 'Comfort', 'Active', 'Soft', 'Север', 'Тайга', 'Байкал', 'Урал', 'Алтай', 'Волга', 'Сибирь', 'Камчатка', 'Ладога', 'Эльбрус', 'Витязь', 'Метелица', 'Заря', 'Росинка', 'Ласточка', 'Вектор', 'Орбита', 'Фрегат', 'Спутник', 'Полёт'];
const tagNames = ['Новинка', 'Хит продаж', 'Скидка', 'Эко', 'Подарок', 'Лимитированная серия', 'Для спорта', 'Осень-зима', 'Весна-лето', 'Выбор покупателей'];

export async function ensureDatabase(adminUrl: string, name: string, refill: boolean): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount && refill) await admin.query(`drop database ${name} with (force)`);
    if (!exists.rowCount || refill) await admin.query(`create database ${name} template template0 encoding 'UTF8' lc_collate 'C.UTF-8' lc_ctype 'C.UTF-8'`);
  } finally {
    await admin.end();
  }
}

/** The migrations and this file: the data is made again when either changes. */
export async function fingerprint(): Promise<string> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const migrations = path.resolve(here, '../../migrations');
  const files = [...(await fs.readdir(migrations)).sort().map((name) => path.join(migrations, name)), fileURLToPath(import.meta.url)];
  const hash = createHash('sha256');
  for (const file of files) hash.update(await fs.readFile(file));
  return `catalogue-bench ${hash.digest('hex').slice(0, 16)}`;
}

/** True when the database already holds the bench catalogue made by this code. */
export async function isFilled(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const comment = await client.query<{ note: string | null }>(
      'select shobj_description(oid, $1) as note from pg_database where datname = current_database()',
      ['pg_database'],
    );
    return comment.rows[0]?.note === (await fingerprint());
  } finally {
    await client.end();
  }
}

/** One statement of the fill. */
export interface FillStep {
  label: string;
  text: string;
  values: unknown[];
}

const step = (label: string, text: string, values: unknown[] = []): FillStep => ({ label, text, values });

/**
 * The statements that make the bench catalogue on a migrated, empty database, in order (also
 * run on PGlite by search-pglite.ts); then the sequences are set and the tables analysed.
 */
export function fillSteps(): FillStep[] {
  const steps: FillStep[] = [];
  const categories = departments.flatMap(([name, url], top) => [[top + 1, name, url, null]]).concat(
    departments.flatMap(([, , children], top) => children.map(([name, url], child) => [9 + top * 4 + child, name, url, top + 1])),
  );
  const types = departments.flatMap(([, , children]) => children.flatMap(([, , kinds]) => kinds));
  const brands = brandStems.flatMap((stem) => brandEndings.map((ending) => stem + ending));

  steps.push(step(
    'categories',
    `insert into categories (id, name, url, parent_id, "desc", parameters) overriding system value
     select c.id, c.name, c.url, c.parent, 'Раздел «' || c.name || '»', '["Материал","Страна производства"]'::jsonb
     from jsonb_to_recordset($1::jsonb) as c(id int, name text, url text, parent int)`,
    [JSON.stringify(categories.map(([id, name, url, parent]) => ({ id, name, url, parent })))],
  ));
  steps.push(step(
    'colours, brands, tags, sizes',
    `with
      c as (insert into colors (id, name, url, code) overriding system value
            select n, x->>0, x->>1, x->>2 from jsonb_array_elements($1::jsonb) with ordinality as t(x, n) returning 1),
      b as (insert into brands (id, name, url, show_on_main) overriding system value
            select n, name, lower(name), n % 10 = 1 from unnest($2::text[]) with ordinality as t(name, n) returning 1),
      t as (insert into tags (id, name, url) overriding system value
            select n, ($3::text[])[1 + (n - 1) % 10] || case when n > 10 then ' ' || ((n - 1) / 10 + 1) else '' end, 'tag-' || n
            from generate_series(1, 50) n returning 1),
      s as (insert into sizes (id, name, url) overriding system value
            select n, x, 'size-' || n from unnest(array['XS','S','M','L','XL','XXL','3XL','36','37','38','39','40','41','42','43','44','45','46','One size','Kids']) with ordinality as t(x, n) returning 1)
    select (select count(*) from c), (select count(*) from b), (select count(*) from t), (select count(*) from s)`,
    [JSON.stringify(colors), brands, tagNames],
  ));
  // Product i: kind (i * 37) % 96, so each kind, e.g. «Кроссовки», names about 1% of products.
  steps.push(step(
    'products',
    `insert into products (id, name, url, "desc", availability, price, rating, parameters, extra, created_at) overriding system value
     select i,
       ($1::text[])[1 + (i * 37) % 96] || ' ' || ($2::text[])[1 + (i * 7 + i / 200) % 200] || ' ' || ($3::text[])[1 + (i * 13) % 30] || ' ' || (100 + i % 900),
       'p-' || i,
       'Надёжная модель на каждый день. Артикул серии ' || i || '.',
       i % 37 <> 0,
       0,
       round((3 + (i * 7919 % 2001) / 1000.0)::numeric, 1),
       jsonb_build_object('Материал', (array['Хлопок','Полиэстер','Кожа','Шерсть','Сталь','Пластик'])[1 + i % 6]),
       '{}'::jsonb,
       now() - (${productCount} - i) * interval '1 minute'
     from generate_series(1, ${productCount}) i`,
    [types, brands, series],
  ));
  // Three variants per product, each its own colour; a log-uniform base price 100–100 000 ₽. The
  // stock written here only marks the fifth of the colours that are sold out in every size; the
  // items give the real stock (below).
  steps.push(step(
    'variants',
    `insert into product_variants (product_id, article, color_id, price, old_price, stock, images, position)
     select i, 'A' || i || '-' || k,
       1 + (i * 7 + k * 11) % 30,
       price,
       case when i % 5 = 0 then (price * 1.25)::bigint end,
       case when random() < 0.2 then 0 else 1 end,
       array['p-' || i || '-' || k || '.webp'],
       k
     from generate_series(1, ${productCount}) i, generate_series(0, 2) k,
       lateral (select (round(exp(ln(10000) + ((i::bigint * 2654435761) % 1000003) / 1000003.0 * ln(1000)) * (1 + 0.05 * k) / 100) * 100)::bigint as price) p`,
  ));
  steps.push(step(
    'links',
    `with
      c as (insert into product_categories (product_id, category_id) select i, 9 + ((i * 37) % 96) / 3 from generate_series(1, ${productCount}) i returning 1),
      b as (insert into product_brands (product_id, brand_id) select i, 1 + (i * 7 + i / 200) % 200 from generate_series(1, ${productCount}) i returning 1),
      t as (insert into product_tags (product_id, tag_id)
            select distinct i, tag from generate_series(1, ${productCount}) i,
              unnest(array[1 + (i * 7) % 50, case when i % 3 = 0 then 1 + (i * 11 + 5) % 50 end]) tag where tag is not null returning 1),
      s as (insert into product_sizes (product_id, size_id)
            select i, r.first + k from generate_series(1, ${productCount}) i,
              lateral (select ((i * 37) % 96) / 3 as sub) c,
              lateral (select case when c.sub < 4 then 8 when c.sub < 8 or c.sub in (15, 25) then 1 when c.sub = 9 then 19 end as base,
                              case when c.sub < 4 then 11 when c.sub < 8 or c.sub in (15, 25) then 7 else 1 end as span) b,
              lateral (select least(b.span, 2 + i % 5) as n) m,
              lateral (select b.base + (i * 13) % (b.span - m.n + 1) as first) r,
              generate_series(0, m.n - 1) k
            where b.base is not null returning 1)
    select 1`,
  ));
  // Sizes of a product: shoes (subcategories 0–3) 2–6 consecutive of 36–46 (ids 8–18); clothes (4–7),
  // swimwear (15) and children's clothes (25) 2–6 of XS–3XL (1–7); hats (9) one size (19).
  // One item per colour and size (one without a size when the product has none). A colour marked
  // sold out has 0 in every size; otherwise a third of the sizes are out (0) and the others hold
  // 1–12; an item without a size holds 1–50.
  steps.push(step(
    'items',
    `insert into variant_items (variant_id, size_id, article, stock)
     select v.id, ps.size_id, v.article || coalesce('/' || z.name, ''),
       case when v.stock = 0 then 0
            when ps.size_id is null then 1 + floor(random() * 50)::int
            when random() < 0.35 then 0
            else 1 + floor(random() * 12)::int end
     from product_variants v
       left join product_sizes ps on ps.product_id = v.product_id
       left join sizes z on z.id = ps.size_id
     order by v.id, ps.size_id`,
  ));
  steps.push(step(
    'variant stock: the sum of its items',
    `update product_variants v set stock = i.stock from (select variant_id, sum(stock)::int as stock from variant_items group by variant_id) i
     where i.variant_id = v.id`,
  ));
  steps.push(step(
    'denormalised prices',
    `update products p set price = v.price, old_price = v.old_price, in_stock = v.stock > 0, image = v.images[1]
     from (select distinct on (product_id) product_id, price, old_price, stock, images from product_variants
           order by product_id, (stock > 0) desc, price, id) v
     where v.product_id = p.id`,
  ));
  for (const table of ['categories', 'colors', 'brands', 'tags', 'sizes', 'products']) {
    steps.push(step(`${table} sequence`, `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`));
  }
  return steps;
}

export async function fill(databaseUrl: string, log: (line: string) => void): Promise<void> {
  const handle = await openDatabase({ databaseUrl, dataDir: 'memory://', poolSize: 2 });
  await migrateToLatest(handle.db);
  await handle.close();

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const run = async ({ label, text, values }: FillStep) => {
    const started = performance.now();
    await client.query(text, values);
    log(`  ${label}: ${Math.round(performance.now() - started)} ms`);
  };
  try {
    await client.query('begin');
    for (const one of fillSteps()) await run(one);
    await client.query('commit');
    await run(step('vacuum analyze', 'vacuum analyze'));
    const name = (await client.query<{ name: string }>('select current_database() as name')).rows[0]!.name;
    await client.query(`comment on database ${client.escapeIdentifier(name)} is ${client.escapeLiteral(await fingerprint())}`);
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
