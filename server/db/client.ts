import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { cube } from "@electric-sql/pglite/contrib/cube";
import type { ExtractTablesWithRelations, Logger } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { isDatabaseUnavailable } from "../lib/database-unavailable.ts";
import { runActionsAfterCommit } from "./after-commit.ts";
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
  /** Whether the listening connection is up: true once listening, false when it drops. */
  onConnectionChange?(connected: boolean): void;
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
  /** The connection pool's state now (PostgreSQL; the embedded database has no pool). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** Calls `listener` with each query's time in seconds (PostgreSQL, every pooled connection). */
  observeQueries?(listener: (seconds: number) => void): void;
  /**
   * The embedded database's files as one gzipped tarball (PGlite's dumpDataDir), which
   * `loadDataDir` opens again; taken between transactions, so a consistent state (PGlite only).
   */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

/**
 * An embedded PGlite: in memory when dataDir is undefined, else persisted in that folder;
 * `loadDataDir` starts it from a dump (`dumpDataDir`) instead of an empty cluster.
 */
export async function openPglite(
  dataDir?: string,
  options: { logger?: Logger; loadDataDir?: Blob } = {},
): Promise<Database> {
  // btree_gist: games_place_time_gist_idx holds a position and a time (migration 0025); cube:
  // migration 0032 creates it (its table went in 0035), so a new database still needs it.
  // (The options form: PGlite ignores options after an undefined dataDir.)
  const client = new PGlite({
    dataDir,
    extensions: { btree_gist, cube },
    loadDataDir: options.loadDataDir,
  });
  await client.waitReady;
  const db = runActionsAfterCommit(
    drizzlePglite(client, { schema, logger: options.logger }) as unknown as Db,
  );
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
    listen: async (channel, handlers) => {
      // In-process: listening once asked, until stopped.
      const stop = await client.listen(channel, handlers.onPayload);
      handlers.onConnectionChange?.(true);
      return stop;
    },
    // dumpDataDir alone waits only for the query in progress, and could copy the files between
    // two statements of a transaction; the transaction mutex (which every query and transaction
    // takes) makes the copy wait for the transaction to end, as PGlite's own queries do.
    dumpDataDir: () => client._runExclusiveTransaction(() => client.dumpDataDir("gzip")),
    close: () => client.close(),
  };
}

type Queryer = (...args: unknown[]) => unknown;

/**
 * A client checked out for a transaction, made safe when its connection dies. Drizzle 0.45
 * runs BEGIN before the try/finally that releases the client (drizzle-orm issues 6023, 6241),
 * so a BEGIN on a dead connection would keep the client checked out for good, and a few such
 * failures would leave the pool empty and every request waiting. Here a query failing because
 * the connection is gone hands the client back to the pool at once, as broken (the pool then
 * discards it); later queries on it fail with the same error, and the release Drizzle may still
 * call is a no-op.
 */
function guardCheckedOut(client: pg.PoolClient): pg.PoolClient {
  let released = false;
  let broken: unknown;
  const release = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.release(error ?? (broken as Error | undefined));
  };
  const query: Queryer = (...args) => {
    if (broken) return Promise.reject(broken);
    const result = (client.query as Queryer)(...args);
    if (!(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      const state = client as unknown as { _queryable?: boolean; _ending?: boolean };
      if (state._queryable === false || state._ending || isDatabaseUnavailable(error)) {
        broken = error;
        release(error instanceof Error ? error : true);
      }
      throw error;
    });
  };
  return new Proxy(client, {
    get(target, property) {
      if (property === "release") return release;
      if (property === "query") return query;
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** pg.Pool whose transaction clients survive a lost connection (see guardCheckedOut). */
class GuardedPool extends pg.Pool {
  // biome-ignore lint/suspicious/noExplicitAny: pg.Pool's overloads (promise and callback)
  override connect(callback?: any): any {
    // pool.query() checks clients out with a callback and guards them itself.
    if (callback) return super.connect(callback);
    return super.connect().then(guardCheckedOut);
  }
}

export interface PostgresOptions {
  /** Sees every query Drizzle sends (benchmarks that EXPLAIN them). */
  logger?: Logger;
  max?: number;
  /** Told about connections that fail (a database restart, terminated backends). */
  onConnectionError?: (error: Error) => void;
}

export function openPostgres(url: string, options: PostgresOptions = {}): Database {
  const pool = createPool(url, options);
  const queryListeners: ((seconds: number) => void)[] = [];
  pool.on("connect", (client) =>
    timeQueries(client, (seconds) => {
      for (const listener of queryListeners) listener(seconds);
    }),
  );
  const db = runActionsAfterCommit(
    drizzleNodePg(pool, { schema, logger: options.logger }) as unknown as Db,
  );
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
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    observeQueries: (listener) => queryListeners.push(listener),
    close: () => pool.end(),
  };
}

/**
 * Times every query a pooled connection runs, from the call to its answer (so time queued behind
 * the connection's previous query counts too). node-postgres answers a query by promise or, as
 * pool.query() asks, by callback; a streamed query (a Submittable) is left untimed.
 */
function timeQueries(client: pg.PoolClient, observe: (seconds: number) => void): void {
  const query = client.query as Queryer;
  const timed: Queryer = function (this: unknown, ...args) {
    const started = performance.now();
    const done = () => observe((performance.now() - started) / 1000);
    const callback = args.at(-1);
    if (typeof callback === "function") {
      args[args.length - 1] = (...answer: unknown[]) => {
        done();
        return callback(...answer);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args);
    if (result instanceof Promise) result.then(done, done);
    return result;
  };
  client.query = timed as typeof client.query;
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

/** The pool behind openPostgres: guarded transaction clients, connection errors handled. */
export function createPool(url: string, options: PostgresOptions = {}): pg.Pool {
  const { max = 10, onConnectionError = () => {} } = options;
  const pool = new GuardedPool({
    connectionString: url,
    max,
    // A request waits at most this long for a connection, then gets a 503, instead of
    // hanging while the database is unreachable or every connection is busy.
    connectionTimeoutMillis: 10_000,
    keepAlive: true,
  });
  // An idle client losing its connection: the pool drops it and makes a new one when needed.
  pool.on("error", onConnectionError);
  // A client checked out by a transaction has no pool listener: without one of its own, its
  // connection dying (57P01, the server stopping) would be an unhandled 'error' event that
  // ends the process. The transaction's query fails instead and the request gets a 503.
  pool.on("connect", (client) => client.on("error", onConnectionError));
  return pool;
}
