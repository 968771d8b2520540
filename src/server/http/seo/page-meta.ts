import { toRubles } from '../../../shared/money.js';
import type { Db } from '../../db/connection.js';
import { firstLinkedName } from '../../services/catalogue/first-link.js';
import type { PageHead } from './html.js';
import { isStorefrontPage } from './known-pages.js';
import { isLegalSlug, legalPageHead } from './legal-meta.js';

const shop = 'Магазин';
const defaultDescription = 'Интернет-магазин одежды, обуви и аксессуаров: новые коллекции каждую неделю, доставка по всей России и примерка перед покупкой.';

/** A description fits a search result: one line of plain text, at most about 160 characters. */
function plain(text: string, fallback: string): string {
  const flat = text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  if (!flat) return fallback;
  return flat.length > 160 ? `${flat.slice(0, 157).replace(/\s+\S*$/, '')}…` : flat;
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

export interface PageAnswer {
  status: 200 | 404;
  head: PageHead;
}

const notFound: PageAnswer = {
  status: 404,
  head: { title: `Страница не найдена — ${shop}`, description: 'Такой страницы в магазине нет.', noindex: true },
};

async function productPage(db: Db, base: string, url: string): Promise<PageAnswer> {
  const product = await db
    .selectFrom('products as p')
    .select(['p.name', 'p.url', 'p.desc', 'p.price', 'p.inStock', 'p.availability', 'p.image'])
    .select(firstLinkedName('brand', 'p.id').as('brand'))
    .where('p.url', '=', url)
    .executeTakeFirst();
  if (!product) return notFound;
  const canonical = `${base}/product/${encodeURIComponent(product.url)}`;
  const image = product.image ? `${base}/api/images/${product.image}?w=800` : undefined;
  const price = toRubles(product.price);
  const description = plain(product.desc, `${product.name} — купить в интернет-магазине «${shop}» по цене ${price} ₽.`);
  const availability = !product.availability ? 'https://schema.org/Discontinued' : product.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';
  return {
    status: 200,
    head: {
      title: `${product.name} — купить за ${price} ₽ | ${shop}`,
      description,
      canonical,
      ogType: 'product',
      ...(image ? { image } : {}),
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.name,
        description,
        ...(image ? { image: [image] } : {}),
        ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
        offers: { '@type': 'Offer', url: canonical, price: price.toFixed(2), priceCurrency: 'RUB', availability },
      },
    },
  };
}

async function newsPage(db: Db, base: string, url: string): Promise<PageAnswer> {
  const post = await db.selectFrom('news').select(['title', 'url', 'excerpt', 'body', 'image']).where('url', '=', url).executeTakeFirst();
  if (!post) return notFound;
  return {
    status: 200,
    head: {
      title: `${post.title} — новости | ${shop}`,
      description: plain(post.excerpt || post.body, post.title),
      canonical: `${base}/news/${encodeURIComponent(post.url)}`,
      ogType: 'article',
      ...(post.image ? { image: `${base}/api/images/${post.image}?w=1200` } : {}),
    },
  };
}

async function cataloguePage(db: Db, base: string, query: URLSearchParams): Promise<PageAnswer> {
  const categories = query.get('categories');
  if (categories && !categories.includes(',') && query.getAll('categories').length === 1) {
    const category = await db.selectFrom('categories').select(['name', 'url', 'desc', 'image']).where('url', '=', categories).executeTakeFirst();
    if (category) {
      return {
        status: 200,
        head: {
          title: `${category.name} — купить в интернет-магазине | ${shop}`,
          description: plain(category.desc, `${category.name} в интернет-магазине «${shop}»: цены, наличие, доставка по всей России.`),
          canonical: `${base}/catalog?categories=${encodeURIComponent(category.url)}`,
          ...(category.image ? { image: `${base}/api/images/${category.image}?w=800` } : {}),
        },
      };
    }
  }
  return {
    status: 200,
    head: {
      title: `Каталог товаров — одежда, обувь и аксессуары | ${shop}`,
      description: 'Каталог интернет-магазина: фильтры по категориям, брендам, цветам, размерам и цене, поиск по названию.',
      canonical: `${base}/catalog`,
    },
  };
}

/**
 * What a storefront path's first HTML says about the page (before any script runs), and its
 * status: 404 for a path no page answers and for a product or news url that names nothing.
 */
export async function pageHead(db: Db, base: string, pathname: string, query: URLSearchParams): Promise<PageAnswer> {
  if (!isStorefrontPage(pathname)) return notFound;
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  const [, first, second] = path.split('/');
  if (path === '/') {
    return { status: 200, head: { title: `${shop} — интернет-магазин одежды, обуви и аксессуаров`, description: defaultDescription, canonical: `${base}/` } };
  }
  if (first === 'catalog') return cataloguePage(db, base, query);
  if (first === 'product' && second !== undefined) {
    const url = decodeSegment(second);
    return url === null ? notFound : productPage(db, base, url);
  }
  if (first === 'news' && second !== undefined) {
    const url = decodeSegment(second);
    return url === null ? notFound : newsPage(db, base, url);
  }
  if (first === 'news') {
    return { status: 200, head: { title: `Новости магазина | ${shop}`, description: 'Новости интернет-магазина: новые коллекции, скидки и события.', canonical: `${base}/news` } };
  }
  if (isLegalSlug(first) && second === undefined) {
    const head = await legalPageHead(db, base, first, shop, plain);
    return head ? { status: 200, head } : notFound;
  }
  // Personal and back-office pages: a title, and kept out of search results.
  return { status: 200, head: { title: shop, description: defaultDescription, noindex: true } };
}
