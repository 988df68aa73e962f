import type { Queryable } from "./client.ts";

/**
 * One of something per database, built on first use: a statement (building a query with
 * several joins in Drizzle costs about as much as running it, and one made with
 * `.prepare(name)` is also parsed and planned once per PostgreSQL connection), or the answers
 * an instance shares for that database. Kept as long as the database object is.
 */
export function perDatabase<Thing>(build: (db: Queryable) => Thing): (db: Queryable) => Thing {
  const things = new WeakMap<Queryable, Thing>();
  return (db) => {
    let thing = things.get(db);
    if (thing === undefined) {
      thing = build(db);
      things.set(db, thing);
    }
    return thing;
  };
}
