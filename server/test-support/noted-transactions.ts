import type { Db } from "../db/client.ts";

/**
 * `db` as a background job sees it, each transaction it opens noted in `order` ("batch 1", …),
 * and a request (a timer) arriving as the first one starts: where "request" lands in `order`
 * says whether the job let it run before its next batch.
 */
export function notedTransactions(db: Db, order: string[]): Db {
  const noted = Object.create(db) as Db;
  let batches = 0;
  noted.transaction = ((...args: Parameters<Db["transaction"]>) => {
    batches += 1;
    order.push(`batch ${batches}`);
    if (batches === 1) setTimeout(() => order.push("request"), 0);
    return db.transaction(...args);
  }) as Db["transaction"];
  return noted;
}
