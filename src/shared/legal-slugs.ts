/**
 * The legal pages by slug (docs/legal.md), without zod: the storefront's route table imports
 * this, and the first load must not carry the schema library for it.
 */
export const legalSlugs = ['privacy', 'offer', 'delivery', 'returns'] as const;
export type LegalSlug = (typeof legalSlugs)[number];
