import type { Queryable } from "./client.ts";

/**
 * A statement built once per database instead of once per request: building a query with
 * several joins in Drizzle costs about as much as running it, and a statement made with
 * `.prepare(name)` is also parsed and planned once per PostgreSQL connection.
 */
export function preparedPerDatabase<Statement>(
  build: (db: Queryable) => Statement,
): (db: Queryable) => Statement {
  const statements = new WeakMap<Queryable, Statement>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
