import { legalPagePattern } from './legal-meta.js';

/**
 * Paths the storefront's router shows a page for (src/client/router.tsx and the feature route
 * files). Any other path answers 404 with the app shell, which shows its «not found» page; a
 * domain that adds a storefront page adds its pattern here. The back office (/admin/…) answers
 * its own «not found» inside its layout, so every /admin path is a page.
 */
export const storefrontPagePatterns: readonly RegExp[] = [
  /^\/$/,
  /^\/catalog\/?$/,
  /^\/product\/[^/]+\/?$/,
  /^\/news\/?$/,
  /^\/news\/[^/]+\/?$/,
  /^\/check\/[^/]+\/?$/,
  /^\/subscribe\/confirm\/[^/]+\/?$/,
  /^\/unsubscribe\/[^/]+\/?$/,
  /^\/profile\/?$/,
  /^\/confirm\/[^/]+\/?$/,
  /^\/reset\/[^/]+\/?$/,
  /^\/cart\/?$/,
  /^\/wishlist\/?$/,
  /^\/checkout\/?$/,
  /^\/checkout\/success\/[^/]+\/?$/,
  /^\/order\/[^/]+\/?$/,
  legalPagePattern,
  /^\/admin(\/.*)?$/,
];

export function isStorefrontPage(pathname: string): boolean {
  return storefrontPagePatterns.some((pattern) => pattern.test(pathname));
}
