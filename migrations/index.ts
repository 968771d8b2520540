import type { Migration } from 'kysely';
import * as initial from './0001_initial.js';
import * as accounts from './0002_accounts.js';
import * as catalogue from './0003_catalogue.js';
import * as media from './0004_media.js';

/** Every migration, by name; names sort in the order they run. */
export const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_accounts': accounts,
  '0003_catalogue': catalogue,
  '0004_media': media,
};
