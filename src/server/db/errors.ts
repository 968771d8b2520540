import { TRPCError } from '@trpc/server';
import { domainMessages } from '../../shared/errors.js';

interface PgError {
  code: string;
  message: string;
  constraint?: string;
}

function isPgError(value: unknown): value is PgError {
  return (
    value instanceof Error &&
    'code' in value &&
    typeof value.code === 'string' &&
    /^[0-9A-Z]{5}$/.test(value.code)
  );
}

/** Maps PostgreSQL's constraint errors onto the error catalogue; anything else stays a 500. */
export function translateDatabaseError(cause: unknown): TRPCError | undefined {
  if (!isPgError(cause)) return undefined;
  switch (cause.code) {
    case '23505': // unique_violation
      return new TRPCError({
        code: 'CONFLICT',
        message: cause.constraint?.endsWith('url_key') ? domainMessages.duplicateUrl : undefined,
        cause,
      });
    case '23001': // restrict_violation: a delete refused by ON DELETE RESTRICT
      return new TRPCError({ code: 'CONFLICT', message: domainMessages.hasDependents, cause });
    case '23503': // foreign_key_violation
      // Deleting (or re-keying) a row that others reference is the SPEC's "has dependents" refusal;
      // pointing at a row that does not exist is bad input.
      return cause.message.startsWith('update or delete')
        ? new TRPCError({ code: 'CONFLICT', message: domainMessages.hasDependents, cause })
        : new TRPCError({ code: 'BAD_REQUEST', message: domainMessages.referencedMissing, cause });
    case '23502': // not_null_violation
    case '23514': // check_violation
    case '22001': // string_data_right_truncation
    case '22003': // numeric_value_out_of_range
    case '22P02': // invalid_text_representation
    case '22007': // invalid_datetime_format
      return new TRPCError({ code: 'BAD_REQUEST', cause });
    default:
      return undefined;
  }
}
