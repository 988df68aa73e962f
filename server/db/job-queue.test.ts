import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../test-support/test-database.ts";
import type { Database } from "./client.ts";
import { enqueue, insertJobSql, JOB_SCHEMA, QUEUES, type QueueName } from "./job-queue.ts";
import { queryRows } from "./query-rows.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** Everything about a job but its identity and its own moment. */
const shape = (queue: QueueName) =>
  queryRows<Record<string, unknown>>(
    database.db,
    sql`select name, priority, state::text as state, retry_limit, retry_count, retry_delay,
        retry_backoff, singleton_key, singleton_on, expire_in::text as expire_in,
        date_trunc('minute', keep_until - start_after)::text as kept_for, dead_letter, policy,
        start_after <= now() as due
      from ${sql.raw(JOB_SCHEMA)}.job where name = ${queue} order by created_on, id`,
  );

describe("a job written in the statement of its rows", () => {
  it.each(Object.keys(QUEUES) as QueueName[])(
    "is the job pg-boss itself writes for %s",
    async (queue) => {
      await database.db.transaction(async (tx) => {
        await enqueue(tx, queue, [{ data: {} as never }]);
        await tx.execute(insertJobSql(queue, sql`'{}'::jsonb`, sql``));
      });
      const [theirs, ours] = await shape(queue);
      expect(theirs).toBeDefined();
      expect(ours).toEqual(theirs);
    },
  );
});
