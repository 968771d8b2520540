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
export function storedRecordCallbacks<Key, Data extends { id: string }, Input>(
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
