import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { listenOnPostgres } from "./pg-listener.ts";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a query can run on: the database or a transaction inside it. */
export type Queryable = Db | Tx;

/** Plain SQL text with $1… parameters, for libraries that bring their own SQL (the job queue). */
export type SqlExecutor = (
  text: string,
  values?: unknown[],
) => Promise<{ rows: Record<string, unknown>[] }>;

export interface ListenHandlers {
  onPayload(payload: string): void;
  /** After the listening connection came back from an outage (PostgreSQL only). */
  onReconnect?(): void;
  onError?(error: unknown): void;
}

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs SQL text outside any transaction (several statements when there are no values). */
  execute: SqlExecutor;
  /**
   * Runs `work` on one connection of its own, so session-level advisory locks and scripts with
   * their own BEGIN…COMMIT stay on it (PGlite has only one connection anyway).
   */
  withConnection<T>(work: (execute: SqlExecutor) => Promise<T>): Promise<T>;
  /** LISTENs on a channel until the returned function is called. */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** An embedded PGlite: in memory when dataDir is undefined, else persisted in that folder. */
export async function openPglite(dataDir?: string): Promise<Database> {
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const execute: SqlExecutor = async (text, values) => {
    if (values && values.length > 0) return client.query(text, values);
    try {
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    } catch (error) {
      // A script with its own BEGIN that fails midway leaves the one connection in an aborted
      // transaction, which would fail every later query: end it.
      await client.exec("rollback").catch(() => {});
      throw error;
    }
  };
  return {
    db,
    kind: "pglite",
    execute,
    withConnection: (work) => work(execute),
    // PGlite delivers NOTIFY to its own LISTEN, after the sending transaction commits.
    listen: (channel, handlers) => client.listen(channel, handlers.onPayload),
    close: () => client.close(),
  };
}

export function openPostgres(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    execute: async (text, values) => {
      const result = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[];
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: last?.rows ?? [] };
    },
    async withConnection(work) {
      const client = await pool.connect();
      let failure: Error | undefined;
      try {
        return await work(async (text, values) => client.query(text, values));
      } catch (error) {
        failure = error instanceof Error ? error : new Error(String(error));
        throw error;
      } finally {
        // After a failure the connection may sit in an aborted transaction: discard it.
        client.release(failure);
      }
    },
    listen: (channel, handlers) => listenOnPostgres(url, channel, handlers),
    close: () => pool.end(),
  };
}

/**
 * The same executor inside a Drizzle transaction, so a library's SQL (a job enqueued by the job
 * queue) commits or rolls back with the caller's changes. Both drivers keep their connection
 * (node-postgres' client, PGlite's transaction) on the session, and both answer query(text, values).
 */
export function executorOf(queryable: Queryable): SqlExecutor {
  const client = (queryable as unknown as { session?: { client?: unknown } }).session?.client as
    | { query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> }
    | undefined;
  if (!client || typeof client.query !== "function") {
    throw new Error("this Drizzle driver does not expose its connection");
  }
  return async (text, values) => {
    const result = await client.query(text, values);
    return { rows: result.rows };
  };
}
