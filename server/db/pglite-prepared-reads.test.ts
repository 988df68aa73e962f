import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite } from "./client.ts";
import { withPreparedReads } from "./pglite-prepared-reads.ts";
import { queryRows } from "./query-rows.ts";

const client = new PGlite();
const reads = withPreparedReads(client, 4);

const preparedNames = async () =>
  (
    await client.query<{ name: string }>("select name from pg_prepared_statements order by name")
  ).rows.map((row) => row.name);

beforeAll(async () => {
  await client.exec(`
    create table players (
      id uuid primary key,
      name text not null,
      born date,
      seen_at timestamptz,
      rating double precision,
      active boolean not null default true,
      tags text[] not null default '{}',
      extra jsonb
    );
    insert into players values
      ('00000000-0000-0000-0000-000000000001', 'Shaq O''Neal', '1972-03-06',
       '2026-11-20T18:30:00Z', 4.5, true, '{center,"big man"}', '{"nick":"Diesel"}'),
      ('00000000-0000-0000-0000-000000000002', 'Back\\slash', null, null, null, false, '{}', null);
  `);
});
afterAll(() => client.close());

// Each read with the parameters of each kind Drizzle sends, and what query() answers to it.
const cases: Array<[string, unknown[]]> = [
  ["select * from players where id = $1", ["00000000-0000-0000-0000-000000000001"]],
  ["select id, name from players where name = $1", ["Shaq O'Neal"]],
  ["select id from players where name = $1", ["Back\\slash"]],
  ["select name from players where born = $1 or born is null and $1 is null", ["1972-03-06"]],
  ["select name from players where seen_at < $1", [new Date("2026-11-21T00:00:00Z")]],
  ["select name from players where rating > $1 and active = $2", [4.25, true]],
  ["select name from players where tags && $1", [["big man", "guard"]]],
  ["select name from players where extra @> $1", [{ nick: "Diesel" }]],
  ["select name, $1::int + 1 as next from players where id = $2", [41, null]],
  ["select count(*)::int as n from players", []],
];

describe("reads prepared once on PGlite", () => {
  it("answers each read as query() does, from its second run on through one statement", async () => {
    const many = withPreparedReads(client);
    for (const [text, params] of cases) {
      const expected = await client.query(text, params, { rowMode: "array" });
      for (let run = 0; run < 3; run += 1) {
        const answer = await many.query(text, params, { rowMode: "array" });
        expect(answer.rows, `${text} (run ${run + 1})`).toEqual(expected.rows);
        expect(answer.fields).toEqual(expected.fields);
      }
    }
    expect((await preparedNames()).length).toBe(cases.length);
    await client.exec("deallocate all");
  });

  it("keeps a parameter a value: quotes in it end nothing", async () => {
    const text = "select name from players where name = $1";
    const hostile = "x'); delete from players; select ('";
    for (let run = 0; run < 3; run += 1) {
      expect((await reads.query(text, [hostile])).rows).toEqual([]);
    }
    expect((await client.query("select count(*)::int as n from players")).rows).toEqual([{ n: 2 }]);
    await client.exec("deallocate all");
  });

  it("gives query()'s error for a bad parameter, and a NUL character never reaches EXECUTE", async () => {
    const text = "select name from players where id = $1";
    await reads.query(text, ["00000000-0000-0000-0000-000000000001"]);
    await reads.query(text, ["00000000-0000-0000-0000-000000000001"]);
    expect(await preparedNames()).toHaveLength(1);
    const expected = await client.query(text, ["not a uuid"]).catch((error: unknown) => error);
    const answer = await reads.query(text, ["not a uuid"]).catch((error: unknown) => error);
    expect(answer).toBeInstanceOf(Error);
    expect(answer).toMatchObject({ code: "22P02", message: (expected as Error).message });
    expect((answer as { query?: string }).query).toBe(text);
    const withNul = await reads.query(text, ["a\0b"]).catch((error: unknown) => error);
    const nulByQuery = await client.query(text, ["a\0b"]).catch((error: unknown) => error);
    expect(String(withNul)).toBe(String(nulByQuery));
    await client.exec("deallocate all");
  });

  it("prepares no write, and no statement PostgreSQL will not prepare", async () => {
    const insert = "insert into players (id, name) values ($1, $2)";
    await reads.query(insert, ["00000000-0000-0000-0000-000000000003", "Rookie"]);
    await reads.query("update players set name = $1 where id = $2", [
      "Rookie Two",
      "00000000-0000-0000-0000-000000000003",
    ]);
    await reads.query("update players set name = $1 where id = $2", [
      "Rookie Three",
      "00000000-0000-0000-0000-000000000003",
    ]);
    // Two statements in one text: query() refuses it each time, and so does the wrapper.
    const twice = "select 1; select 2";
    for (let run = 0; run < 3; run += 1) {
      await expect(reads.query(twice)).rejects.toThrow();
    }
    expect(await preparedNames()).toEqual([]);
    const [rookie] = (
      await reads.query<{ name: string }>("select name from players where id = $1", [
        "00000000-0000-0000-0000-000000000003",
      ])
    ).rows;
    expect(rookie?.name).toBe("Rookie Three");
    await client.query("delete from players where name like 'Rookie%'");
  });

  it("prepares a read once when many of its runs come at once", async () => {
    const text = "select name from players where active = $1";
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => reads.query<{ name: string }>(text, [true])),
    );
    expect(answers.every((answer) => answer.rows[0]?.name === "Shaq O'Neal")).toBe(true);
    expect(await preparedNames()).toHaveLength(1);
    await client.exec("deallocate all");
  });

  it("stops preparing at its limit, and the reads after it still answer", async () => {
    const limited = withPreparedReads(client, 2);
    for (const n of [1, 2, 3, 4]) {
      for (let run = 0; run < 2; run += 1) {
        const answer = await limited.query<{ n: number }>(`select ${n} + $1::int as n`, [1]);
        expect(answer.rows).toEqual([{ n: n + 1 }]);
      }
    }
    expect(await preparedNames()).toHaveLength(2);
    await client.exec("deallocate all");
  });

  it("leaves a transaction's reads to the transaction", async () => {
    const text = "select count(*)::int as n from players where active = $1";
    await reads.transaction(async (tx) => {
      await tx.query("update players set active = false");
      for (let run = 0; run < 3; run += 1) {
        expect((await tx.query<{ n: number }>(text, [true])).rows).toEqual([{ n: 0 }]);
      }
      await tx.rollback();
    });
    expect(await preparedNames()).toEqual([]);
    expect((await reads.query<{ n: number }>(text, [true])).rows).toEqual([{ n: 1 }]);
  });
});

describe("Drizzle's text types as the client's own", () => {
  it("reads timestamps through Drizzle as before, and as Dates without it", async () => {
    const database = await openPglite();
    try {
      await database.execute("create table t (at timestamptz, on_day date, spans interval)");
      await database.execute(
        "insert into t values ('2026-11-25T04:30:00.123456Z', '2026-11-25', '2 hours')",
      );
      const [raw] = (
        await database.execute("select at, on_day, spans from t where $1::int = 1", [1])
      ).rows;
      expect(raw?.at).toEqual(new Date("2026-11-25T04:30:00.123Z"));
      for (let run = 0; run < 3; run += 1) {
        const [row] = await queryRows(
          database.db,
          sql`select at, on_day, spans from t where ${1}::int = 1`,
        );
        expect(row).toEqual({
          at: "2026-11-25 04:30:00.123456+00",
          on_day: "2026-11-25",
          spans: "02:00:00",
        });
      }
    } finally {
      await database.close();
    }
  });
});
