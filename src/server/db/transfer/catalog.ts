import { sql } from 'kysely';
import type { Db } from '../connection.js';
import type { SequenceState } from './format.js';

/**
 * What export and import read of the schema they work in: its tables (not the migrator's own),
 * their columns, keys and foreign keys, and its sequences. Read from the PostgreSQL catalogue, so
 * a table a later migration adds is exported and imported without a change here.
 */
export interface TableInfo {
  name: string;
  /** Columns that hold data, in their order: generated columns are left to the database. */
  columns: string[];
  primaryKey: string[];
  /** Has a GENERATED ALWAYS identity column: inserts need OVERRIDING SYSTEM VALUE. */
  identity: boolean;
  /** Has a bytea column (images): read a few rows at a time. */
  bytes: boolean;
  /** A single-column foreign key to the same table (a category's parent): parents are written first. */
  selfReference?: { column: string; references: string };
}

/** The migrator's bookkeeping: the import migrates instead of copying it. */
const isMigratorTable = (name: string) => name.startsWith('kysely_migration');

/** A quoted identifier; the names come from the catalogue (and, on import, are checked against it). */
export const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function rows<T>(db: Db, query: string): Promise<T[]> {
  return (await sql.raw<T>(query).execute(db)).rows;
}

/** The schema's tables, each after the tables its foreign keys point to. */
export async function readTables(db: Db): Promise<TableInfo[]> {
  const columns = await rows<{ tablename: string; colname: string; identity: string; generated: string; typename: string }>(
    db,
    `select c.relname as tablename, a.attname as colname, a.attidentity as identity, a.attgenerated as generated, t.typname as typename
       from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
       join pg_type t on t.oid = a.atttypid
      where n.nspname = current_schema() and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`,
  );
  const keys = await rows<{ tablename: string; colname: string }>(
    db,
    `select c.relname as tablename, a.attname as colname
       from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
      where n.nspname = current_schema() and i.indisprimary
      order by c.relname, array_position(i.indkey::int2[], a.attnum)`,
  );
  const references = await rows<{ tablename: string; target: string; colname: string | null; refname: string | null }>(
    db,
    `select c.relname as tablename, f.relname as target,
            case when array_length(k.conkey, 1) = 1 then (select attname from pg_attribute where attrelid = k.conrelid and attnum = k.conkey[1]) end as colname,
            case when array_length(k.confkey, 1) = 1 then (select attname from pg_attribute where attrelid = k.confrelid and attnum = k.confkey[1]) end as refname
       from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class f on f.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and k.contype = 'f'`,
  );

  const tables = new Map<string, TableInfo>();
  for (const column of columns) {
    if (isMigratorTable(column.tablename)) continue;
    const table = tables.get(column.tablename) ?? { name: column.tablename, columns: [], primaryKey: [], identity: false, bytes: false };
    tables.set(column.tablename, table);
    if (column.generated) continue;
    table.columns.push(column.colname);
    if (column.identity === 'a') table.identity = true;
    if (column.typename === 'bytea') table.bytes = true;
  }
  for (const key of keys) tables.get(key.tablename)?.primaryKey.push(key.colname);

  const dependsOn = new Map<string, Set<string>>([...tables.keys()].map((name) => [name, new Set<string>()]));
  for (const reference of references) {
    const table = tables.get(reference.tablename);
    if (!table) continue;
    if (reference.target !== reference.tablename) dependsOn.get(table.name)?.add(reference.target);
    else if (reference.colname && reference.refname) table.selfReference = { column: reference.colname, references: reference.refname };
  }
  return dependencyOrder(tables, dependsOn);
}

/** Kahn's order, by name among equals; a cycle (none today) keeps the rest in name order. */
function dependencyOrder(tables: Map<string, TableInfo>, dependsOn: Map<string, Set<string>>): TableInfo[] {
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  const names = [...tables.keys()].sort();
  while (placed.size < names.length) {
    const ready = names.filter((name) => !placed.has(name) && [...(dependsOn.get(name) ?? [])].every((target) => placed.has(target) || !tables.has(target)));
    const next = ready.length ? ready : names.filter((name) => !placed.has(name)).slice(0, 1);
    for (const name of next) {
      placed.add(name);
      const table = tables.get(name);
      if (table) ordered.push(table);
    }
  }
  return ordered;
}

/** The schema's sequences and where each stands. */
export async function readSequences(db: Db): Promise<SequenceState[]> {
  const names = await rows<{ seqname: string }>(
    db,
    `select c.relname as seqname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind = 'S' order by c.relname`,
  );
  const states: SequenceState[] = [];
  for (const { seqname } of names) {
    const [state] = await rows<{ lastValue: number; isCalled: boolean }>(db, `select last_value, is_called from ${quote(seqname)}`);
    if (state) states.push({ name: seqname, lastValue: Number(state.lastValue), isCalled: state.isCalled });
  }
  return states;
}

/** The column a sequence belongs to (serial or identity), if any. */
export async function sequenceOwner(db: Db, sequence: string): Promise<{ table: string; column: string } | undefined> {
  const [owner] = await rows<{ tablename: string; colname: string }>(
    db,
    `select t.relname as tablename, a.attname as colname
       from pg_class s join pg_namespace n on n.oid = s.relnamespace
       join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
       join pg_class t on t.oid = d.refobjid join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      where n.nspname = current_schema() and s.relname = '${sequence.replaceAll("'", "''")}'`,
  );
  return owner ? { table: owner.tablename, column: owner.colname } : undefined;
}

/** The session settings under which values are written and read as text, the same on both sides. */
export async function setTextForms(db: Db): Promise<void> {
  await sql`set local timezone to 'UTC'`.execute(db);
  await sql`set local datestyle to 'ISO, YMD'`.execute(db);
  await sql`set local intervalstyle to 'postgres'`.execute(db);
  await sql`set local extra_float_digits to 1`.execute(db);
  await sql`set local bytea_output to 'hex'`.execute(db);
}
