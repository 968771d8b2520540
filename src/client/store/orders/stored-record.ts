import type { storageKeys } from '../../../shared/storage-keys.js';
import { useStoredId } from './stored-id';

/** The cache of one kind of record read by its id (a tRPC `get` procedure's utilities). */
export interface RecordCache<Key, Data> {
  cancel(key: NoInfer<Key>): Promise<void>;
  getData(key: NoInfer<Key>): Data | undefined;
  setData(key: NoInfer<Key>, data: NoInfer<Data>): unknown;
}

/**
 * The mutation callbacks shared by the basket and the wishlist, both records kept by an id in
 * local storage: a change shows at once (`apply` to
 * the cached record), is put back when the server refuses it, and the server's answer replaces it.
 */
function storedRecordCallbacks<Key, Data extends { id: string }, Input>(
  cache: RecordCache<Key, Data>,
  keyOf: (input: Input) => Key,
  keyOfSaved: (saved: Data) => Key,
  apply: (previous: Data, input: Input) => Data,
  remember: (id: string) => void,
) {
  return {
    /** A new record is cached and its id stored. */
    onCreated: (created: Data) => {
      cache.setData(keyOfSaved(created), created);
      remember(created.id);
    },
    onMutate: async (input: Input) => {
      const key = keyOf(input);
      await cache.cancel(key);
      const previous = cache.getData(key);
      if (previous) cache.setData(key, apply(previous, input));
      return { previous };
    },
    onError: (_error: unknown, input: Input, context: { previous: Data | undefined } | undefined) => {
      if (context?.previous) cache.setData(keyOf(input), context.previous);
    },
    onSaved: (saved: Data) => {
      cache.setData(keyOfSaved(saved), saved);
    },
  };
}

interface StoredRecordOptions<Key, Data, Input> {
  /** The local-storage key of the record's id. */
  storageKey: typeof storageKeys.basketId | typeof storageKeys.wishlistId;
  /** The mutations' scope: changes to the record run one after another. */
  scope: string;
  cache: RecordCache<Key, Data>;
  keyOf: (input: Input) => Key;
  keyOfSaved: (saved: Data) => Key;
  apply: (previous: Data, input: Input) => Data;
  /** Runs after the cache holds the server's answer to an update. */
  afterSave?: (saved: Data) => void;
}

/**
 * A record kept by an id in local storage (the basket, the wishlist): the stored id, its setter,
 * and the options of the record's create and update mutations.
 */
export function useStoredRecord<Key, Data extends { id: string }, Input>({ storageKey, scope, cache, keyOf, keyOfSaved, apply, afterSave }: StoredRecordOptions<Key, Data, Input>) {
  const [id, setId] = useStoredId(storageKey);
  const changes = storedRecordCallbacks(cache, keyOf, keyOfSaved, apply, setId);
  return {
    id,
    setId,
    create: { scope: { id: scope }, onSuccess: changes.onCreated },
    update: {
      scope: { id: scope },
      onMutate: changes.onMutate,
      onError: changes.onError,
      onSuccess: (saved: Data) => {
        changes.onSaved(saved);
        afterSave?.(saved);
      },
    },
  };
}
