import { httpStatusOf } from '../../trpc';

/** An edit screen's record query answered 404: the record does not exist. */
export function isMissingRecord(query: { error: unknown }): boolean {
  return httpStatusOf(query.error) === 404;
}
