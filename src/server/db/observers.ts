import type { RootOperationNode } from 'kysely';
import type { Db } from './schema.js';

/**
 * What happens on a database handle, for whoever listens (the app's metrics, http/metrics/).
 * Events are keyed by the handle: everything the shop keeps per handle (the catalogue's caches,
 * the embedded database's write count) is counted per handle too, and a handle without a
 * listener costs a map lookup per event. Instances sharing one in-process handle (two test apps on
 * one PGlite) hear each other's events.
 */
export type StatementKind = 'select' | 'insert' | 'update' | 'delete' | 'other';

export type DatabaseEvent =
  | { type: 'statement'; kind: StatementKind; seconds: number; failed: boolean }
  /** Time a request waited for a connection of the pool (PGlite: for its one session). */
  | { type: 'poolWait'; seconds: number }
  | { type: 'orderPlaced'; kind: 'user' | 'direct' | 'staff' }
  | { type: 'orderPaid' }
  /** A lookup in one of the catalogue's caches; `stale`: a kept entry found outdated when used. */
  | { type: 'cache'; cache: string; result: 'hit' | 'miss' | 'stale' };

export type DatabaseListener = (event: DatabaseEvent) => void;

/** Connections of a handle's pool; on PGlite `max` is 1 and `waiting` is the queue for its one session. */
export interface PoolState {
  max: number;
  total: number;
  idle: number;
  waiting: number;
}

interface Probe {
  listeners: Set<DatabaseListener>;
  pool: (() => PoolState) | undefined;
}

const probes = new WeakMap<Db, Probe>();

function probeOf(db: Db): Probe {
  let probe = probes.get(db);
  if (!probe) {
    probe = { listeners: new Set(), pool: undefined };
    probes.set(db, probe);
  }
  return probe;
}

/** Listens to a handle's events until the returned function is called. */
export function listenToDatabase(db: Db, listener: DatabaseListener): () => void {
  const { listeners } = probeOf(db);
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells a handle's listeners (if any) what happened. */
export function reportToDatabase(db: Db, event: DatabaseEvent): void {
  const probe = probes.get(db);
  if (!probe) return;
  for (const listener of probe.listeners) listener(event);
}

/** Called by the connection module: how to read the pool of this handle. */
export function describePool(db: Db, read: () => PoolState): void {
  probeOf(db).pool = read;
}

/** The handle's pool now; undefined for a handle made elsewhere. */
export function poolState(db: Db): PoolState | undefined {
  return probes.get(db)?.pool?.();
}

const kinds: Record<string, StatementKind> = {
  SelectQueryNode: 'select',
  InsertQueryNode: 'insert',
  UpdateQueryNode: 'update',
  DeleteQueryNode: 'delete',
};

const leadingComments = /^(\s+|\/\*[\s\S]*?\*\/|--[^\n]*(\n|$))+/;

/** A statement's kind from its query tree; raw SQL by its first word (a `with` counts as a select). */
export function statementKind(node: RootOperationNode, sql: string): StatementKind {
  const kind = kinds[node.kind];
  if (kind) return kind;
  const word = /^[a-z]+/i.exec(sql.replace(leadingComments, ''))?.[0]?.toLowerCase();
  if (word === 'with') return 'select';
  return word === 'select' || word === 'insert' || word === 'update' || word === 'delete' ? word : 'other';
}
