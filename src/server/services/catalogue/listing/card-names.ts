import { sql } from 'kysely';
import { toRubles } from '../../../../shared/money.js';
import type { ProductCard } from '../../../../shared/schemas/catalogue.js';
import type { Db } from '../../../db/connection.js';
import { searchVersionCheck } from '../search/read-query.js';

/**
 * The colours' and brands' names on product cards, kept per database handle. A card statement
 * answers each card's colour and brand ids (listing/card.ts) and the `search_version` it read;
 * the names come from here. Every change to `colors` or `brands` bumps that version (migration
 * 0012), so names kept at a version at least as new as the statement's are the statement's own.
 * Naming 12 cards in the statement cost two correlated subqueries per card: ≈ 1 ms of a ≈ 2 ms
 * statement on the embedded database.
 */

type CardColor = ProductCard['colors'][number];
type CardBrand = ProductCard['brands'][number];

/** A card as its statement answers it (listing/card.ts), money in kopecks. */
export interface CardRow {
  id: number;
  name: string;
  url: string;
  price: number;
  oldPrice: number | null;
  image: string | null;
  availability: boolean;
  inStock: boolean;
  rating: number | null;
  reviewCount: number;
  colorIds: (number | null)[];
  brandIds: number[];
}

interface Names {
  version: number;
  colors: Map<number, CardColor>;
  /** Each brand with its place in the order of names (the database's collation). */
  brands: Map<number, { brand: CardBrand; place: number }>;
}

const kept = new WeakMap<Db, Names>();

async function loadNames(db: Db): Promise<Names> {
  const { rows } = await sql<{ version: string | number; colors: CardColor[]; brands: CardBrand[] }>`select
      ${searchVersionCheck} as version,
      (select coalesce(json_agg(json_build_object('id', id, 'name', name, 'url', url, 'code', code) order by id), '[]') from colors) as colors,
      (select coalesce(json_agg(json_build_object('id', id, 'name', name, 'url', url) order by name, id), '[]') from brands) as brands`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('The names statement returned no row');
  return {
    version: Number(row.version),
    colors: new Map(row.colors.map((color) => [color.id, color])),
    brands: new Map(row.brands.map((brand, place) => [brand.id, { brand, place }])),
  };
}

/** The names as new as `version` (the card statement's `search_version`), read again when older. */
async function namesAt(db: Db, version: number | string | null): Promise<Names> {
  const known = kept.get(db);
  if (known && version !== null && known.version >= Number(version)) return known;
  const names = await loadNames(db);
  kept.set(db, names);
  return names;
}

/** The cards with their colours (by id) and brands (by name), prices in roubles. */
export async function namedCards(db: Db, rows: readonly CardRow[], version: number | string | null): Promise<ProductCard[]> {
  if (!rows.length) return [];
  const names = await namesAt(db, version);
  return rows.map(({ colorIds, brandIds, ...card }): ProductCard => {
    const colors = [...new Set(colorIds)]
      .filter((id): id is number => id !== null)
      .sort((a, b) => a - b)
      .flatMap((id) => names.colors.get(id) ?? []);
    const brands = brandIds
      .flatMap((id) => names.brands.get(id) ?? [])
      .sort((a, b) => a.place - b.place)
      .map((entry) => entry.brand);
    return { ...card, price: toRubles(card.price), oldPrice: card.oldPrice === null ? null : toRubles(card.oldPrice), colors, brands };
  });
}
