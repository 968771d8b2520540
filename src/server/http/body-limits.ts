import { appRouter } from '../routers/index.js';
import type { JsonShapeBounds } from './json-shape.js';

const kib = 1024;

/**
 * How large a JSON body a procedure takes, over REST and over tRPC alike. The default covers every
 * form of the shop with room to spare: the largest of them, a category (a 5 000-character
 * description and 50 parameters), is about 30 KB even in a three-byte script, a review or a
 * help-desk message about 16 KB, a basket of 100 lines about 5 KB, a sign-in well under 1 KB.
 */
export const defaultBodyLimit = 64 * kib;

/**
 * The procedures whose bodies are legitimately larger (measured at each schema's bounds, in the
 * worst case of three UTF-8 bytes per character):
 * - a product: a 20 000-character description (60 KB), up to 50 variants with 20 image names each
 *   (about 220 KB), parameters (500-character values) and the free-form `extra` — 1 MB;
 * - a news post: a rich-text body of up to 200 000 characters of HTML (600 KB) — 1 MB;
 * - the home page's slides, replaced as a whole list of up to 50 with their link, heading,
 *   subtitle and button text (about 220 KB) — 256 KB.
 */
const largeBodies: Readonly<Record<string, number>> = {
  'catalogue.products.create': 1024 * kib,
  'catalogue.products.update': 1024 * kib,
  'content.news.create': 1024 * kib,
  'content.news.update': 1024 * kib,
  'content.slides.replace': 256 * kib,
};

/** The largest body any request may carry (a tRPC batch of several procedures included). */
export const largestBodyLimit = Math.max(defaultBodyLimit, ...Object.values(largeBodies));

/**
 * The shape of any JSON body: a product at its bounds holds about 1 800 keys and items (50
 * variants of 27), a news post a dozen; nothing the shop sends nests deeper than 6 (a tRPC batch's
 * envelope included). JSON.parse of 10 000 keys in one object takes about 2 ms.
 */
export const jsonShapeBounds: JsonShapeBounds = { maxMembers: 10_000, maxDepth: 32 };

/** The body a procedure takes, in bytes. */
export function procedureBodyLimit(procedure: string): number {
  return largeBodies[procedure] ?? defaultBodyLimit;
}

/** The procedure paths named in the table (tests check each names a mutation). */
export function procedureBodyLimitPaths(): string[] {
  return Object.keys(largeBodies);
}

function isMutation(value: unknown): boolean {
  if (typeof value !== 'function' || !('_def' in value)) return false;
  const definition: unknown = value._def;
  return typeof definition === 'object' && definition !== null && 'type' in definition && definition.type === 'mutation';
}

let mutationLimits: ReadonlyMap<string, number> | undefined;

/** Only mutations take a body over tRPC (queries carry their input in the URL). */
function mutationLimitsOf(): ReadonlyMap<string, number> {
  // tRPC keeps every procedure under its dotted path in `_def.procedures`.
  mutationLimits ??= new Map(
    Object.entries(appRouter._def.procedures as object)
      .filter(([, procedure]: [string, unknown]) => isMutation(procedure))
      .map(([path]) => [path, procedureBodyLimit(path)]),
  );
  return mutationLimits;
}

/**
 * The body a tRPC request may carry, from its URL alone (`/trpc/a.b,c.d?batch=1` names its
 * procedures): the sum of its mutations' limits, never more than the largest one. Queries and
 * unknown names take nothing, so a request naming only those has its body ignored (0).
 */
export function trpcBodyLimit(pathParameter: string, isBatch: boolean): number {
  const limits = mutationLimitsOf();
  const paths = isBatch ? pathParameter.split(',') : [pathParameter];
  const total = paths.reduce((sum, path) => sum + (limits.get(path) ?? 0), 0);
  return Math.min(total, largestBodyLimit);
}
