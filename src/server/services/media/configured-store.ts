import type { Config } from '../../config.js';
import { s3ImageStore } from './s3-store.js';
import { databaseImageStore, type ImageStore } from './store.js';

/** One store per configuration, so that an object store's connections are shared by its callers. */
const stores = new WeakMap<Config, ImageStore>();

/** The configured store: the bucket when `config.s3` is set, else the database. */
export function imageStoreFor(config: Config): ImageStore {
  if (!config.s3) return databaseImageStore;
  let store = stores.get(config);
  if (!store) {
    store = s3ImageStore(config.s3);
    stores.set(config, store);
  }
  return store;
}

/** Closes the configured store (the app's close); a later `imageStoreFor` makes a new one. */
export async function closeImageStore(config: Config): Promise<void> {
  const store = stores.get(config);
  stores.delete(config);
  await store?.close();
}
