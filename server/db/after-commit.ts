import { AsyncLocalStorage } from "node:async_hooks";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db, Queryable } from "./client.ts";

/** Work on the database itself (outside any transaction). */
type Action = (db: Db) => Promise<void>;

/** The transaction run by db.transaction that the current code runs in, and what waits on it. */
type Open = { tx: Queryable; actions: Action[] };

const open = new AsyncLocalStorage<Open>();

/**
 * Makes `db.transaction` keep a list of actions that run once its transaction has committed
 * (awaited before it returns), and never after a rollback: a retried transaction (withRetry runs
 * db.transaction again) keeps only the last attempt's. Called on every database this app opens,
 * so callers need no hook of their own.
 */
export function runActionsAfterCommit(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (work, config) => {
    const actions: Action[] = [];
    const result = await transaction((tx) => open.run({ tx, actions }, () => work(tx)), config);
    // Actions report their own failures: the change is committed whatever they meet.
    for (const action of actions) await action(db);
    return result;
  }) as Db["transaction"];
  return db;
}

/**
 * Runs `action` on the database once what was written through `queryable` is committed: at once when it is the
 * database itself (each statement commits on its own), after the commit when it is a transaction
 * of db.transaction. Answers false, running nothing, for a transaction this module does not follow
 * (a savepoint, a transaction of a database opened elsewhere): the caller must then do its work
 * inside that transaction.
 */
export async function afterCommit(queryable: Queryable, action: Action): Promise<boolean> {
  if (!(queryable instanceof PgTransaction)) {
    await action(queryable as Db);
    return true;
  }
  const current = open.getStore();
  if (current?.tx !== queryable) return false;
  current.actions.push(action);
  return true;
}
