import { useState } from 'react';
import { domainMessages } from '../../../shared/errors.js';

/** A save refused because someone else changed the record since this form loaded it. */
export function isStaleVersionError(error: unknown): boolean {
  return error instanceof Error && error.message === domainMessages.staleVersion;
}

/**
 * Optimistic concurrency in an edit form (README → Decisions): the form sends the `version` it
 * loaded; a save refused as stale turns on the offer to load the current record (the form's own
 * effect then fills the fields again from it).
 */
export function useStaleGuard(refetch: () => Promise<unknown>) {
  const [stale, setStale] = useState(false);
  return {
    stale,
    /** Wraps a save: a stale refusal is remembered (and still rejected, so the form stays). */
    guard<T>(save: Promise<T>): Promise<T> {
      return save.catch((error: unknown) => {
        if (isStaleVersionError(error)) setStale(true);
        throw error;
      });
    },
    async reload(): Promise<void> {
      await refetch();
      setStale(false);
    },
  };
}
