import { describe, expect, it } from 'vitest';
import type { Category, Product, ProductCard } from '../src/shared/schemas/catalogue.js';
import { adminToken, brand, cat, color, names, post, product, t, tagId, useCatalogue, type List } from './support/catalogue-support.js';
import { startTestApp } from './support/harness.js';

/**
 * The product list over the known catalogue (support/catalogue-support.ts): filters, sort, paging,
 * the price range, search by name, and a category tree kept in step with another instance.
 */

useCatalogue();

describe('product filters, sort and paging', () => {
  it('filters by category including descendants, by id or url, as a,b or repeated', async () => {
    expect(await names('categories=obuv&sortBy=price')).toEqual(['Кроссовки детские', 'Кроссовки беговые Nike Air Zoom', 'Ботинки зимние кожаные']);
    expect(await names(`categories=${cat['obuv']!.id}&sortBy=price`)).toHaveLength(3);
    expect(await names('categories=krossovki,kurtki&sortBy=price')).toEqual(['Кроссовки детские', 'Кроссовки беговые Nike Air Zoom', 'Куртка пуховая']);
    expect(await names(`categories=krossovki&categories=${cat['kurtki']!.id}&sortBy=price`)).toHaveLength(3);
    expect(await names('parent=odezhda&sortBy=price')).toEqual(['Футболка хлопковая', 'Куртка пуховая']);
    // parent narrows categories: kurtki within odezhda, nothing of krossovki within odezhda.
    expect(await names('parent=odezhda&categories=kurtki,krossovki')).toEqual(['Куртка пуховая']);
    expect(await names('categories=net-takoj')).toEqual([]);
  });

  it('filters by colours, brands, tags and sizes', async () => {
    expect(await names('colors=krasnyj&sortBy=price')).toEqual(['Кроссовки детские', 'Куртка пуховая']);
    expect(await names(`colors=krasnyj,${color['white']!.id}&sortBy=price`)).toEqual([
      'Футболка хлопковая',
      'Кроссовки детские',
      'Кроссовки беговые Nike Air Zoom',
      'Куртка пуховая',
    ]);
    expect(await names('brands=zarina&sortBy=price')).toEqual(['Ботинки зимние кожаные', 'Куртка пуховая']);
    expect(await names(`brands=${brand['nike']!.id}&brands=adidas&sortBy=price`)).toHaveLength(3);
    expect(await names('tags=novinka&sortBy=price')).toEqual(['Кроссовки беговые Nike Air Zoom', 'Куртка пуховая']);
    expect(await names('sizes=42&sortBy=price')).toEqual(['Кроссовки беговые Nike Air Zoom', 'Ботинки зимние кожаные']);
    expect(await names(`sizes=m&tags=${tagId}`)).toEqual(['Куртка пуховая']);
  });

  it('filters by price in rubles, availability and description', async () => {
    expect(await names('minPrice=2990.5&maxPrice=12990&sortBy=price')).toEqual([
      'Кроссовки детские',
      'Кроссовки беговые Nike Air Zoom',
      'Ботинки зимние кожаные',
    ]);
    expect(await names('maxPrice=2990.49&sortBy=price')).toEqual(['Ёжик игрушечный', 'Футболка хлопковая']);
    // Out of stock (boots) and withdrawn from sale (t-shirt) are left out.
    expect(await names('available=true&sortBy=price')).toEqual([
      'Ёжик игрушечный',
      'Кроссовки детские',
      'Кроссовки беговые Nike Air Zoom',
      'Куртка пуховая',
    ]);
    // «Not available» is not a filter the shop has: false is refused rather than read as «any».
    const notAvailable = await t.rest<{ message: string }>('GET', '/products?available=false');
    expect(notAvailable.status).toBe(400);
    expect(notAvailable.body.message).toContain('available принимает только true');
    expect(await names(`desc=${encodeURIComponent('КОЖА')}`)).toEqual(['Ботинки зимние кожаные']);
    expect(await names('categories=obuv&colors=chernyj&minPrice=5000&sortBy=price&orderBy=desc')).toEqual([
      'Ботинки зимние кожаные',
      'Кроссовки беговые Nike Air Zoom',
    ]);
  });

  it('sorts by price, name, createdAt and id and pages with limit and offset', async () => {
    const byPrice = await t.rest<List<ProductCard>>('GET', '/products?sortBy=price&orderBy=DESC&limit=2&offset=1');
    expect(byPrice.body.length).toBe(6);
    expect(byPrice.body.rows.map((row) => row.name)).toEqual(['Ботинки зимние кожаные', 'Кроссовки беговые Nike Air Zoom']);
    // The databases here collate by code point (C.UTF-8), so «Ё» comes before «А».
    expect(await names('sortBy=name&limit=3')).toEqual(['Ёжик игрушечный', 'Ботинки зимние кожаные', 'Кроссовки беговые Nike Air Zoom']);
    const created = Object.values(product).map((item) => item.name);
    expect(await names('sortBy=createdAt&limit=100')).toEqual(created);
    expect(await names('sortBy=createdAt&orderBy=desc&limit=100')).toEqual([...created].reverse());
    expect(await names('sortBy=id&orderBy=desc&limit=1')).toEqual(['Ёжик игрушечный']);
    expect(await names('sortBy=rating&limit=100')).toHaveLength(6);
    const beyond = await t.rest<List<ProductCard>>('GET', '/products?offset=100');
    expect(beyond.body).toEqual({ rows: [], length: 6, approximate: false });
    const filteredPage = await t.rest<List<ProductCard>>('GET', '/products?categories=obuv&limit=1&offset=1&sortBy=price');
    expect(filteredPage.body.length).toBe(3);
    expect(filteredPage.body.rows.map((row) => row.name)).toEqual(['Кроссовки беговые Nike Air Zoom']);
  });

  it('answers a page of cards with their colours and brands, prices in rubles', async () => {
    const page = await t.rest<List<ProductCard>>('GET', '/products?brands=nike');
    expect(page.body.rows).toEqual([
      {
        id: product['air']!.id,
        name: 'Кроссовки беговые Nike Air Zoom',
        url: 'krossovki-nike-air',
        price: 7990,
        oldPrice: 9990,
        availability: true,
        inStock: true,
        rating: null,
        reviewCount: 0,
        image: 'air-black.webp',
        // A card's colours are the colour's fields without the record's version.
        colors: [color['black']!, color['white']!].sort((a, b) => a.id - b.id).map(({ id, name, url, code }) => ({ id, name, url, code })),
        brands: [{ id: brand['nike']!.id, name: 'Nike', url: 'nike' }],
      },
    ]);
    const viaTrpc = await t.trpc().catalogue.products.list.query({ brands: ['nike'], available: true });
    expect(viaTrpc.rows.map((row) => row.id)).toEqual([product['air']!.id]);
  });

  it('refuses bad filter values with 400, not 500', async () => {
    expect((await t.rest('GET', '/products?limit=0')).status).toBe(400);
    expect((await t.rest('GET', '/products?minPrice=abc')).status).toBe(400);
    expect((await t.rest('GET', '/products?sortBy=popularity')).status).toBe(400);
    expect((await t.rest('GET', '/products?available=maybe')).status).toBe(400);
  });
});

describe('price range', () => {
  it('answers min and max price for the same filters, ignoring its own price bounds', async () => {
    expect(await t.rest('GET', '/products/priceRange')).toEqual({ status: 200, body: { minPrice: 490, maxPrice: 15990 } });
    expect((await t.rest('GET', '/products/priceRange?categories=obuv')).body).toEqual({ minPrice: 2990.5, maxPrice: 12990 });
    expect((await t.rest('GET', '/products/priceRange?parent=odezhda&minPrice=5000')).body).toEqual({ minPrice: 1290, maxPrice: 15990 });
    expect((await t.rest('GET', `/products/priceRange?name=${encodeURIComponent('кроссовки')}`)).body).toEqual({ minPrice: 2990.5, maxPrice: 7990 });
    expect((await t.rest('GET', '/products/priceRange?brands=net-takogo')).body).toEqual({ minPrice: 0, maxPrice: 0 });
    expect(await t.trpc().catalogue.products.priceRange.query({ colors: ['krasnyj'] })).toEqual({ minPrice: 2990.5, maxPrice: 14990 });
  });
});

describe('search by name', () => {
  const search = (text: string, extra = '') => names(`name=${encodeURIComponent(text)}${extra}`);

  it('finds word forms, ranks the closer match first', async () => {
    // «кроссовка» (singular) finds «Кроссовки»; the shorter name ranks first.
    expect(await search('кроссовка')).toEqual(['Кроссовки детские', 'Кроссовки беговые Nike Air Zoom']);
    expect(await search('КУРТКИ')).toEqual(['Куртка пуховая']);
    expect(await search('кожаный ботинок')).toEqual(['Ботинки зимние кожаные']);
  });

  it('finds prefixes while typing', async () => {
    expect(await search('крос')).toEqual(['Кроссовки детские', 'Кроссовки беговые Nike Air Zoom']);
    expect(await search('кроссовки бег')).toEqual(['Кроссовки беговые Nike Air Zoom']);
    expect(await search('ni')).toEqual(['Кроссовки беговые Nike Air Zoom']);
  });

  it('forgives small typos and «е» for «ё»', async () => {
    expect(await search('кросовки')).toEqual(['Кроссовки детские', 'Кроссовки беговые Nike Air Zoom']);
    expect(await search('куртак')).toEqual(['Куртка пуховая']);
    expect(await search('футбока')).toEqual(['Футболка хлопковая']);
    expect(await search('ежик')).toEqual(['Ёжик игрушечный']);
  });

  it('combines with filters, honours an explicit sort and counts the matches', async () => {
    expect(await search('кроссовки', '&sortBy=price&orderBy=desc')).toEqual(['Кроссовки беговые Nike Air Zoom', 'Кроссовки детские']);
    expect(await search('кроссовки', '&brands=adidas')).toEqual(['Кроссовки детские']);
    const counted = await t.rest<List<ProductCard>>('GET', `/products?name=${encodeURIComponent('крос')}&limit=1`);
    expect(counted.body.length).toBe(2);
    expect(await search('самокат')).toEqual([]);
    expect(await search('!!!')).toEqual([]);
  });

  it('finds a renamed product by its new words', async () => {
    const renamed = await post<Product>('/products', {
      name: 'Рюкзак городской',
      url: 'ryukzak',
      variants: [{ article: 'BAG-1', price: 3500, stock: 2 }],
    });
    await t.rest('PUT', `/products/${renamed.id}`, {
      body: { name: 'Портфель школьный', url: 'ryukzak', variants: [{ id: renamed.variants[0]!.id, article: 'BAG-1', price: 3500, stock: 2 }] },
      token: adminToken,
    });
    expect(await search('портфел')).toEqual(['Портфель школьный']);
    expect(await search('партфель')).toEqual(['Портфель школьный']);
    expect(await search('рюкзак')).toEqual([]);
    await t.rest('DELETE', `/products/${renamed.id}`, { token: adminToken });
  });
});

describe('two instances on one database', () => {
  it('sees a category added by the other instance at once (the in-memory tree is checked per statement)', async () => {
    const other = await startTestApp({}, undefined, t.database);
    try {
      // This instance has the tree in memory by now.
      expect(await names('categories=odezhda&sortBy=price')).toEqual(['Футболка хлопковая', 'Куртка пуховая']);
      const otherToken = await other.signInAdmin();
      const created = await other.rest<Category>('POST', '/categories', {
        body: { name: 'Шарфы', url: 'sharfy', parentId: cat['odezhda']!.id },
        token: otherToken,
      });
      const scarf = await other.rest<Product>('POST', '/products', {
        body: { name: 'Шарф вязаный', url: 'sharf', categories: [created.body.id], variants: [{ article: 'SCARF-1', price: 990, stock: 3 }] },
        token: otherToken,
      });
      expect(scarf.status).toBe(200);
      expect(await names('categories=odezhda&sortBy=price')).toEqual(['Шарф вязаный', 'Футболка хлопковая', 'Куртка пуховая']);
      expect(await names('parent=sharfy')).toEqual(['Шарф вязаный']);
      expect((await t.rest('GET', '/products/priceRange?categories=sharfy')).body).toEqual({ minPrice: 990, maxPrice: 990 });
      await other.rest('DELETE', `/products/${scarf.body.id}`, { token: otherToken });
      await other.rest('DELETE', `/categories/${created.body.id}`, { token: otherToken });
      expect(await names('categories=sharfy')).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
