// Hand-written SQL on the pool Prisma uses, for the few reads on nearly every request's path (the
// session check, a seller's own list). Prisma stays the way to the database everywhere else: under
// load, its query planning and result mapping cost these reads more than the query itself, and a
// statement prepared once per connection spares the server parsing and planning it each time (ADR 0022).
import type pg from 'pg';
import type { Db } from './index.ts';
import { columnTypes } from './timestamptz.ts';

/** A query prepared on each connection the first time that connection runs it. */
export interface Statement {
  /** Unique among statements; the prepared name adds the connection's number. */
  name: string;
  text: string;
}

export interface Sql {
  rows<Row>(statement: Statement, values: unknown[]): Promise<Row[]>;
}

const sqlOfPrisma = new WeakMap<Db, Sql>();

/** Connections numbered in the order they opened, process-wide. */
let connectionsOpened = 0;

/**
 * Called by openDatabase for the pool under `db`. Prepared names carry the connection's number: the
 * embedded PGlite is one session shared by every connection, where a name prepared by a closed
 * connection lives on and another connection preparing it again would fail.
 */
export function attachSql(db: Db, pool: pg.Pool) {
  const connectionNumbers = new WeakMap<pg.PoolClient, number>();
  pool.on('connect', (client) => connectionNumbers.set(client, ++connectionsOpened));
  sqlOfPrisma.set(db, {
    async rows<Row>(statement: Statement, values: unknown[]) {
      const client = await pool.connect();
      let failure: Error | undefined;
      try {
        const name = `${statement.name}_${connectionNumbers.get(client) ?? 0}`;
        return (await client.query({ name, text: statement.text, values, types: columnTypes })).rows as Row[];
      } catch (error) {
        // As pool.query does: a connection that failed a query is closed, not reused.
        failure = error as Error;
        throw error;
      } finally {
        client.release(failure);
      }
    },
  });
}

/** The hand-written SQL of a client that openDatabase opened. */
export function sqlOf(db: Db): Sql {
  const sql = sqlOfPrisma.get(db);
  if (!sql) throw new Error('No SQL pool for this Prisma client: open it with openDatabase');
  return sql;
}

/** The snake_case column of a camelCase field: the schema maps every field so. */
const columnOf = (tableAlias: string, field: string) => `${tableAlias}.${field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}`;

/**
 * `p.first_name AS "firstName", ...` for the fields of a Prisma `select` of scalars, so that a row
 * has the shape Prisma would give it. The tests compare each statement's rows with Prisma's.
 */
export function selectList(tableAlias: string, select: Record<string, true>): string {
  return Object.keys(select)
    .map((field) => `${columnOf(tableAlias, field)} AS "${field}"`)
    .join(', ');
}

/**
 * `json_build_object('firstName', p.first_name, ...)`: the same fields as one JSON column. pg builds
 * a reader for every column of every answer, which cost the session check more than reading its
 * values (ADR 0026); timestamps come back as ISO text, for readJsonDates.
 */
export function jsonObject(tableAlias: string, select: Record<string, true>): string {
  return `json_build_object(${Object.keys(select)
    .map((field) => `'${field}', ${columnOf(tableAlias, field)}`)
    .join(', ')})`;
}

/** The Date-typed keys of T (nullable or not). */
export type DateFieldsOf<T> = { [K in keyof T]-?: T[K] extends Date | null ? (Date extends T[K] ? K : never) : never }[keyof T];

/**
 * `object` (parsed from a jsonObject column) with its `dates` fields made Dates again, in place.
 * Never a silent null or Invalid Date: a text no Date reads fails the query, as timestamptz.ts does.
 */
export function readJsonDates<T>(object: Record<string, unknown>, dates: Record<DateFieldsOf<T>, true>): T {
  for (const field in dates) {
    const text = object[field];
    if (text === null) continue;
    const date = new Date(text as string);
    if (typeof text !== 'string' || Number.isNaN(date.getTime())) throw new Error(`Unreadable timestamp in ${field}: ${String(text).slice(0, 40)}`);
    object[field] = date;
  }
  return object as T;
}
