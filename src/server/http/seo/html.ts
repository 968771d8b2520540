import { escapeHtml } from '../../services/mail/html.js';

/** The tags a page's first HTML carries; every value is escaped where it is written. */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL; absent on pages not to be indexed. */
  canonical?: string;
  ogType?: 'website' | 'article' | 'product';
  /** Absolute URL of a picture for link previews. */
  image?: string;
  noindex?: boolean;
  /** schema.org data, written as application/ld+json. */
  jsonLd?: unknown;
}


/** JSON inside a script element: nothing in it can close the element or start a comment. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function headTags(head: PageHead): string {
  const meta = (attribute: 'name' | 'property', key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.noindex ? meta('name', 'robots', 'noindex') : '',
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}" />` : '',
    meta('property', 'og:site_name', 'Магазин'),
    meta('property', 'og:locale', 'ru_RU'),
    meta('property', 'og:type', head.ogType ?? 'website'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    head.canonical ? meta('property', 'og:url', head.canonical) : '',
    head.image ? meta('property', 'og:image', head.image) : '',
    head.image ? meta('name', 'twitter:card', 'summary_large_image') : '',
    head.jsonLd === undefined ? '' : `<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>`,
  ];
  return tags.filter(Boolean).join('\n    ');
}

/**
 * The built index.html with the page's own head: its title and description replaced, the rest
 * added before </head>. The shell's other content (the app's scripts) is left as built. Staff
 * text goes in through replacer functions, so `$&`, `$'` or `` $` `` in a product's name stay text.
 */
export function renderShell(template: string, head: PageHead): string {
  const withoutOwn = template.replace(/<title>[\s\S]*?<\/title>\s*/i, '').replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  const tags = headTags(head);
  if (/<\/head>/i.test(withoutOwn)) return withoutOwn.replace(/<\/head>/i, () => `  ${tags}\n  </head>`);
  // A shell without a head element (test fixtures): the tags go right after the doctype.
  return withoutOwn.replace(/^(<!doctype html>)?/i, (doctype) => `${doctype}\n${tags}\n`);
}
