import { legalSlugs, type LegalSlug } from '../../../shared/schemas/legal.js';
import type { Db } from '../../db/connection.js';
import type { PageHead } from './html.js';

/** /privacy, /offer, /delivery, /returns: the storefront's legal pages (docs/legal.md). */
export const legalPagePattern = /^\/(privacy|offer|delivery|returns)\/?$/;

export const isLegalSlug = (value: string | undefined): value is LegalSlug => (legalSlugs as readonly string[]).includes(value ?? '');

/** A legal page's first HTML: its own title (as the admin named it) and the start of its text. */
export async function legalPageHead(db: Db, base: string, slug: LegalSlug, shop: string, plain: (text: string, fallback: string) => string): Promise<PageHead | null> {
  const page = await db.selectFrom('legalPages').select(['title', 'body']).where('slug', '=', slug).executeTakeFirst();
  if (!page) return null;
  return { title: `${page.title} | ${shop}`, description: plain(page.body, page.title), canonical: `${base}/${slug}` };
}

/** The legal pages' addresses in the sitemap, with the day each was last edited. */
export async function legalSitemapEntries(db: Db, base: string): Promise<Array<{ loc: string; lastmod: Date }>> {
  const rows = await db.selectFrom('legalPages').select(['slug', 'updatedAt']).execute();
  return legalSlugs.flatMap((slug) => rows.filter((row) => row.slug === slug).map((row) => ({ loc: `${base}/${slug}`, lastmod: row.updatedAt })));
}
