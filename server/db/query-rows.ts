import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Queryable } from "./client.ts";

/** The rows of a raw query: PGlite and node-postgres both answer `{ rows }`. */
export async function queryRows<T>(db: Queryable, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * queryRows under a statement name: on PostgreSQL each connection parses and plans it once,
 * not on every run (PGlite ignores the name). `query` must render the same text every time,
 * its values as parameters: node-postgres refuses a name reused for another text.
 */
export async function namedQueryRows<T>(db: Queryable, name: string, query: SQL): Promise<T[]> {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  const result = (await prepared.execute()) as unknown as { rows: T[] };
  return result.rows;
}
