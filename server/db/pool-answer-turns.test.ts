import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshPostgresDatabase } from "../test-support/test-postgres.ts";
import { createPool } from "./client.ts";

let postgres: Awaited<ReturnType<typeof freshPostgresDatabase>>;
let pool: pg.Pool;

beforeAll(async () => {
  postgres = await freshPostgresDatabase();
  // One connection, opened here: the query below is answered in one round trip.
  pool = createPool(postgres.url, { max: 1 });
  await pool.query("select 1");
}, 60_000);

afterAll(async () => {
  await pool?.end();
  await postgres?.close();
});

function busyFor(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

describe("answers from PostgreSQL take turns (decisions §86)", () => {
  it("goes on in a turn of the loop, not where the answer was read", async () => {
    const order: string[] = [];
    const answered = pool.query("select pg_sleep(0.02) as slept").then((result) => {
      order.push("answer");
      return result;
    });
    // Sent (pg checks its client out first), then answered while this thread is busy, before
    // the immediate is queued.
    await new Promise((resolve) => setTimeout(resolve, 2));
    busyFor(100);
    setImmediate(() => order.push("loop went round"));
    const result = await answered;
    expect(result.rows).toHaveLength(1);
    // Read in the loop's poll phase, the answer would have gone on before the check phase.
    expect(order).toEqual(["loop went round", "answer"]);
  });

  it("still fails a query that fails, and answers the next", async () => {
    await expect(pool.query("select * from no_such_table")).rejects.toThrow(/no_such_table/);
    const { rows } = await pool.query("select 41 + 1 as answer");
    expect(rows).toEqual([{ answer: 42 }]);
  });

  it("leaves callback queries as pg answers them", async () => {
    const rows = await new Promise<unknown[]>((resolve, reject) =>
      pool.query("select 1 as one", (error: Error | undefined, result: pg.QueryResult) =>
        error ? reject(error) : resolve(result.rows),
      ),
    );
    expect(rows).toEqual([{ one: 1 }]);
  });
});
