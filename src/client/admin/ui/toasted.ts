import { TRPCClientError } from '@trpc/client';

/**
 * A refused call is already shown as an error toast by the query client's mutation cache
 * (src/client/trpc.ts); its rejection ends here instead of reaching the console as an unhandled
 * promise rejection. Anything else (a bug) is thrown on.
 */
export function ignoreToasted(error: unknown): void {
  if (!(error instanceof TRPCClientError)) throw error;
}

/** Wraps an async handler (a form's submit, a button's action) so a refused call ends with its toast. */
export function toasted<A extends unknown[]>(handler: (...args: A) => Promise<unknown>): (...args: A) => Promise<void> {
  return (...args) => handler(...args).then(() => undefined, ignoreToasted);
}
