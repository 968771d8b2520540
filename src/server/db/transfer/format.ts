import { once } from 'node:events';
import fs from 'node:fs';
import { finished } from 'node:stream/promises';
import zlib from 'node:zlib';

/**
 * The export file (docs/export-import.md): gzip'd JSON lines. The first line is the header, then
 * per table its start line, one JSON array per row (every value in PostgreSQL's text form, or
 * null) and its end line; then the sequences, and last the trailer, without which the file is
 * incomplete and refused.
 */
export const formatName = 'shop-export';
export const formatVersion = 1;

export interface Header {
  format: typeof formatName;
  formatVersion: number;
  /** The last migration applied to the exported database: the schema the rows fit. */
  migration: string;
  createdAt: string;
  source: 'postgres' | 'pglite';
}

export interface TableStart {
  table: string;
  columns: string[];
}

export interface TableEnd {
  end: string;
  rows: number;
}

export interface SequenceState {
  name: string;
  lastValue: number;
  isCalled: boolean;
}

export interface SequencesLine {
  sequences: SequenceState[];
}

export interface Trailer {
  complete: true;
  tables: number;
  rows: number;
}

export type Row = Array<string | null>;

/** A refusal the operator can act on: printed as its message alone, without a stack. */
export class TransferRefused extends Error {
  override name = 'TransferRefused';
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new TransferRefused('Файл выгрузки повреждён: строка не читается как JSON');
  }
}
export type Line = Header | TableStart | TableEnd | SequencesLine | Trailer | Row;

/** Writes lines into a gzip'd file, waiting whenever the compressor's buffer is full. */
export class LineWriter {
  readonly #gzip = zlib.createGzip({ level: 6 });
  readonly #file: fs.WriteStream;
  readonly #done: Promise<void>;

  constructor(path: string) {
    this.#file = fs.createWriteStream(path, { flags: 'wx' });
    this.#gzip.pipe(this.#file);
    this.#done = finished(this.#file);
    // Surfaced by close(); a listener keeps a failing write from ending the process meanwhile.
    this.#done.catch(() => undefined);
    this.#gzip.on('error', (error) => this.#file.destroy(error));
  }

  async write(line: Line): Promise<void> {
    if (!this.#gzip.write(`${JSON.stringify(line)}\n`)) await once(this.#gzip, 'drain');
  }

  async close(): Promise<void> {
    this.#gzip.end();
    await this.#done;
  }

  /** Stops writing after a failure; the caller removes the file. */
  async abort(): Promise<void> {
    this.#gzip.destroy();
    this.#file.destroy();
    await this.#done.catch(() => undefined);
  }
}

/**
 * The file's lines, parsed one at a time: the next chunk is read only when the consumer asks,
 * so a large image row is the most the reader holds.
 */
export async function* readLines(path: string): AsyncGenerator<unknown> {
  const file = fs.createReadStream(path);
  const input = file.pipe(zlib.createGunzip());
  file.on('error', (error) => input.destroy(error));
  let pending: Buffer[] = [];
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      let start = 0;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, start)) {
        pending.push(chunk.subarray(start, at));
        const text = Buffer.concat(pending).toString('utf8');
        pending = [];
        start = at + 1;
        if (text) yield parse(text);
      }
      if (start < chunk.length) pending.push(chunk.subarray(start));
    }
  } catch (error) {
    if (error instanceof TransferRefused) throw error;
    throw new TransferRefused(`Файл выгрузки не читается (${error instanceof Error ? error.message : String(error)}): это не .jsonl.gz от npm run export, или он обрезан`);
  } finally {
    // Also when the reader stops early (a refusal): the file is closed, not left open.
    file.destroy();
    input.destroy();
  }
  const rest = Buffer.concat(pending).toString('utf8');
  if (rest) yield parse(rest);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function isHeader(value: unknown): value is Header {
  return isObject(value) && value['format'] === formatName && typeof value['formatVersion'] === 'number' && typeof value['migration'] === 'string';
}

export function isTableStart(value: unknown): value is TableStart {
  return isObject(value) && typeof value['table'] === 'string' && Array.isArray(value['columns']) && value['columns'].every((column) => typeof column === 'string');
}

export function isTableEnd(value: unknown): value is TableEnd {
  return isObject(value) && typeof value['end'] === 'string' && typeof value['rows'] === 'number';
}

export function isSequences(value: unknown): value is SequencesLine {
  const isState = (state: unknown) => isObject(state) && typeof state['name'] === 'string' && typeof state['lastValue'] === 'number' && typeof state['isCalled'] === 'boolean';
  return isObject(value) && Array.isArray(value['sequences']) && value['sequences'].every(isState);
}

export function isTrailer(value: unknown): value is Trailer {
  return isObject(value) && value['complete'] === true;
}

export function isRow(value: unknown): value is Row {
  return Array.isArray(value) && value.every((cell) => cell === null || typeof cell === 'string');
}
