import { sql, type RawBuilder } from 'kysely';

const links = {
  brand: { links: 'productBrands', column: 'brandId', names: 'brands' },
  category: { links: 'productCategories', column: 'categoryId', names: 'categories' },
} as const;

/**
 * The name of a product's first brand or first category (the lowest id), as a subquery of the
 * statement that names the product (`productRef`, e.g. `p.id`); null when it has none.
 */
export function firstLinkedName(kind: keyof typeof links, productRef: string): RawBuilder<string | null> {
  const link = links[kind];
  return sql<string | null>`(select t.name from ${sql.table(link.links)} l join ${sql.table(link.names)} t on t.id = l.${sql.ref(link.column)}
    where l.product_id = ${sql.ref(productRef)} order by l.${sql.ref(link.column)} limit 1)`;
}
