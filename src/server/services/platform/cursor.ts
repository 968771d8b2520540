import { TRPCError } from '@trpc/server';
import { statusMessages } from '../../../shared/errors.js';

/**
 * Keyset paging (docs/api.md): a list answers `nextCursor`, an opaque token of its last row's sort
 * value and id; the next request passes it as `cursor` and gets the rows after that row, so rows
 * added or removed meanwhile neither repeat nor go missing the way they do with `offset`.
 */
export interface Cursor {
  value: string | number;
  id: number;
}

export function encodeCursor(value: unknown, id: number): string {
  const plain = value instanceof Date ? value.toISOString() : typeof value === 'bigint' ? value.toString() : (value as string | number);
  return Buffer.from(JSON.stringify([plain, id])).toString('base64url');
}

export function decodeCursor(text: string): Cursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && (typeof parsed[0] === 'string' || typeof parsed[0] === 'number') && Number.isInteger(parsed[1])) {
      return { value: parsed[0], id: parsed[1] as number };
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw new TRPCError({ code: 'BAD_REQUEST', message: `${statusMessages[400]} cursor: неизвестный курсор; передайте nextCursor из предыдущего ответа` });
}

/** The next page's cursor: the last row's, when the page was full (there may be more). */
export function nextCursorOf<Row extends { id: number }>(rows: readonly Row[], limit: number, sortValue: (row: Row) => unknown): string | null {
  const last = rows.at(-1);
  return last && rows.length === limit ? encodeCursor(sortValue(last), last.id) : null;
}
