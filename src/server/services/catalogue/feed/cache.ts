import { createHash } from 'node:crypto';
import type { Db } from '../../../db/connection.js';
import { inTransaction } from '../../../db/transaction.js';
import { buildYml, readChangeMark, readFeedData, type FeedShop } from './yml.js';

/** A built feed: its bytes, validators and the change mark it was read at. */
export interface BuiltFeed {
  mark: string;
  body: Buffer;
  etag: string;
  lastModified: Date;
}

interface Kept {
  feed: BuiltFeed | null;
  building: Promise<BuiltFeed> | null;
}

const kept = new WeakMap<Db, Kept>();

async function build(db: Db, shop: FeedShop): Promise<BuiltFeed> {
  // The mark and the data in one snapshot: the feed is exactly the catalogue at that mark.
  const data = await inTransaction(db, readFeedData, { isolation: 'repeatable read' });
  const now = new Date();
  const body = Buffer.from(buildYml(data, shop, now), 'utf8');
  const digest = createHash('sha256').update(body.subarray(body.indexOf('<shop>'))).digest('base64url').slice(0, 27);
  return { mark: data.mark, body, etag: `"yml-${digest}"`, lastModified: new Date(Math.floor(now.getTime() / 1000) * 1000) };
}

/**
 * The YML feed, built lazily (docs/catalogue-import.md): a request reads the change mark (one
 * small statement) and gets the kept feed while the mark is the same; otherwise one build runs
 * and the requests that arrive meanwhile wait for it. Catalogue writes never build anything.
 */
export async function currentFeed(db: Db, shop: FeedShop): Promise<BuiltFeed> {
  const state = kept.get(db) ?? { feed: null, building: null };
  kept.set(db, state);
  const mark = await readChangeMark(db);
  if (state.feed?.mark === mark) return state.feed;
  if (state.building) {
    const feed = await state.building;
    if (feed.mark === mark) return feed;
  }
  state.building ??= build(db, shop).finally(() => {
    state.building = null;
  });
  const building = state.building;
  const feed = await building;
  // A feed read at a later mark than one kept replaces it; never an older one.
  if (!state.feed || BigInt(feed.mark) >= BigInt(state.feed.mark)) {
    // A change the feed does not show (a review's rating): same bytes, so the same ETag and Last-Modified.
    state.feed = state.feed && state.feed.etag === feed.etag ? { ...state.feed, mark: feed.mark } : feed;
  }
  return state.feed;
}
