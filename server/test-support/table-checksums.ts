import type { SqlExecutor } from "../db/client.ts";

/**
 * Every table of every schema but the system's (the app's, drizzle's and the job queue's
 * pgboss), listed from information_schema so a table added later is covered without being
 * named: "schema.table" → "ROWS MD5", the checksum over its rows in text form, in order.
 * `leaveOut` names columns of some tables to sum without (as "schema.table": [columns]).
 */
export async function tableChecksums(
  execute: SqlExecutor,
  leaveOut: Record<string, string[]> = {},
): Promise<Record<string, string>> {
  const { rows: tables } = await execute(
    `select table_schema as schema, table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
     order by 1, 2`,
  );
  const sums: Record<string, string> = {};
  for (const { schema, name } of tables as { schema: string; name: string }[]) {
    const table = `"${schema}"."${name}"`;
    const columns = leaveOut[`${schema}.${name}`];
    const row = columns
      ? `(to_jsonb(t) - array[${columns.map((c) => `'${c}'`).join(", ")}])::text`
      : "t::text";
    const [sum] = (
      await execute(
        `select count(*)::int as rows,
           md5(coalesce(string_agg(${row}, ',' order by ${row}), '')) as sum
         from ${table} t`,
      )
    ).rows;
    sums[`${schema}.${name}`] = `${sum?.rows} ${sum?.sum}`;
  }
  return sums;
}

/** The tables of `sums` that hold no row. */
export const emptyTables = (sums: Record<string, string>) =>
  Object.entries(sums)
    .filter(([, sum]) => sum.startsWith("0 "))
    .map(([table]) => table);
