import { TRPCError } from '@trpc/server';
import { domainMessages } from '../../shared/errors.js';

interface PgError {
  code: string;
  message: string;
  constraint?: string;
  detail?: string;
  routine?: string;
}

/**
 * Unique constraints whose violation has its own words: the value that clashed is read from the
 * error's detail («Key (article)=(NK-1) already exists.»), so a race that passed the friendly
 * check in code still gets the same message.
 */
const uniqueMessages: Record<string, (value: string) => string> = {
  product_variants_article_key: (value) => `${domainMessages.articleTaken}${value}`,
  variant_items_article_key: (value) => `${domainMessages.articleTaken}${value}`,
  variant_items_barcode_key: (value) => `${domainMessages.barcodeTaken}${value}`,
  users_email_key: () => domainMessages.emailTaken,
  reviews_product_user_key: () => domainMessages.reviewExists,
};

function clashingValue(detail: string | undefined): string {
  return /=\((.*)\) already exists/.exec(detail ?? '')?.[1] ?? '';
}

function uniqueViolationMessage(error: PgError): string | undefined {
  const constraint = error.constraint ?? '';
  const own = uniqueMessages[constraint];
  if (own) return own(clashingValue(error.detail));
  return constraint.endsWith('url_key') ? domainMessages.duplicateUrl : undefined;
}

function isPgError(value: unknown): value is PgError {
  return (
    value instanceof Error &&
    'code' in value &&
    typeof value.code === 'string' &&
    /^[0-9A-Z]{5}$/.test(value.code)
  );
}

/**
 * SQLSTATEs of a database that is going away, restarting, overloaded or too slow: the request may
 * succeed if repeated a little later (503), nothing about it was wrong.
 */
const unavailableStates = new Set([
  '57P01', // admin_shutdown: the backend was terminated
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '57014', // query_canceled: statement_timeout
  '25P03', // idle_in_transaction_session_timeout
  '53300', // too_many_connections
  '53400', // configuration_limit_exceeded
  '08000', // connection_exception and its kinds
  '08001',
  '08003',
  '08004',
  '08006',
  '08P01',
]);

/** Socket errors and pg's own messages for a connection that could not be made or was lost. */
const unavailableSocketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
const unavailableMessages =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Client was closed and is not queryable|Connection terminated due to connection timeout)/;

/** True when the error says the database could not be reached, not that the request was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  if (code && (unavailableStates.has(code) || unavailableSocketCodes.has(code))) return true;
  if (unavailableMessages.test(error.message)) return true;
  // AggregateError of a connect attempt to several addresses (IPv4 and IPv6 of localhost).
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return error.cause !== undefined && error.cause !== error && isDatabaseUnavailable(error.cause);
}

/** A statement the server cancelled (statement_timeout, a cancel request): its connection is sound. */
export function isCancelledStatement(error: unknown): boolean {
  return isPgError(error) && error.code === '57014';
}

/**
 * A statement prepared on a connection before a column it returns changed type (a migration's
 * ALTER COLUMN TYPE): PostgreSQL refuses it on that connection from then on («cached plan must
 * not change result type»). Told by the server's routine, which is never translated.
 */
export function isStalePreparedStatement(error: unknown): boolean {
  return isPgError(error) && error.code === '0A000' && error.routine === 'RevalidateCachedQuery';
}

/** Serialization failures and deadlocks: the transaction may simply be run again. */
export function isRetryableConflict(error: unknown): boolean {
  return isPgError(error) && (error.code === '40001' || error.code === '40P01');
}

/**
 * Maps PostgreSQL's errors onto the error catalogue: constraint violations are the caller's 4xx,
 * an unreachable database is 503; anything else stays a 500.
 */
export function translateDatabaseError(cause: unknown): TRPCError | undefined {
  if (isDatabaseUnavailable(cause)) return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: domainMessages.databaseUnavailable, cause });
  if (!isPgError(cause)) return undefined;
  switch (cause.code) {
    case '23505': // unique_violation
      return new TRPCError({ code: 'CONFLICT', message: uniqueViolationMessage(cause), cause });
    case '23001': // restrict_violation: a delete refused by ON DELETE RESTRICT
      return new TRPCError({ code: 'CONFLICT', message: domainMessages.hasDependents, cause });
    case '23503': // foreign_key_violation
      // Deleting (or re-keying) a row that others reference is the shop's "has dependents" refusal (409);
      // pointing at a row that does not exist is bad input.
      return cause.message.startsWith('update or delete')
        ? new TRPCError({ code: 'CONFLICT', message: domainMessages.hasDependents, cause })
        : new TRPCError({ code: 'BAD_REQUEST', message: domainMessages.referencedMissing, cause });
    case '40001': // serialization_failure, after the retries of runTransaction
    case '40P01': // deadlock_detected
      return new TRPCError({ code: 'CONFLICT', message: domainMessages.concurrentChange, cause });
    case '23502': // not_null_violation
    case '23514': // check_violation
    case '22001': // string_data_right_truncation
    case '22003': // numeric_value_out_of_range
    case '22P02': // invalid_text_representation
    case '22007': // invalid_datetime_format
    case '22008': // datetime_field_overflow
    case '22021': // character_not_in_repertoire (a NUL byte)
    case '22P05': // untranslatable_character
    case '2201B': // invalid_regular_expression
    case '54000': // program_limit_exceeded (e.g. an over-long tsquery)
      return new TRPCError({ code: 'BAD_REQUEST', cause });
    default:
      return undefined;
  }
}
