import type { Database, SqlExecutor } from "../db/client.ts";
import { enqueue } from "../db/job-queue.ts";

type Column = {
  table: string;
  name: string;
  type: string;
  udt: string;
  maxLength: number | null;
};
type ForeignKey = { table: string; ref: string; columns: string[]; refColumns: string[] };

/**
 * Gives every empty table of the app's schema a row, and the job queue a job, so a backup test
 * compares rows in every table (a table added later included) without naming any. Each row is
 * made from the catalogs: required columns only, foreign keys pointing at existing rows (a
 * table's references filled first), values the table's CHECK constraints allow (the first of a
 * list of words, the lower bound of a range). A row that still breaks a rule (a trigger's) is
 * tried with other referenced rows; a table no row fits fails with its error.
 */
export async function fillEveryTable(database: Database): Promise<void> {
  const execute = database.execute;
  const columns = (
    await execute(
      `select table_name as "table", column_name as name, data_type as type, udt_name as udt,
         character_maximum_length as "maxLength"
       from information_schema.columns
       where table_schema = 'public' and is_nullable = 'NO' and column_default is null
         and is_identity = 'NO' and is_generated = 'NEVER'`,
    )
  ).rows as Column[];
  const foreignKeys = (
    await execute(
      `select c.conrelid::regclass::text as "table", c.confrelid::regclass::text as ref,
         array_agg(a.attname::text order by k.n) as columns,
         array_agg(r.attname::text order by k.n) as "refColumns"
       from pg_constraint c
       cross join lateral unnest(c.conkey, c.confkey) with ordinality as k(col, ref_col, n)
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.col
       join pg_attribute r on r.attrelid = c.confrelid and r.attnum = k.ref_col
       where c.contype = 'f' and c.connamespace = 'public'::regnamespace
       group by c.oid, c.conrelid, c.confrelid`,
    )
  ).rows as ForeignKey[];
  const checks = (
    await execute(
      `select conrelid::regclass::text as "table", pg_get_constraintdef(oid) as def
       from pg_constraint where contype = 'c' and connamespace = 'public'::regnamespace`,
    )
  ).rows as { table: string; def: string }[];
  const tables = (
    await execute(
      `select table_name as name from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )
  ).rows.map((row) => row.name as string);

  const filled = new Set<string>();
  const fill = async (table: string, path: string[]) => {
    if (filled.has(table) || path.includes(table)) return;
    for (const key of foreignKeys) {
      if (key.table === table && key.ref !== table) await fill(key.ref, [...path, table]);
    }
    filled.add(table);
    const [count] = (await execute(`select count(*)::int as n from "${table}"`)).rows;
    if (Number(count?.n) > 0) return;
    await insertRow(
      execute,
      table,
      columns.filter((c) => c.table === table),
      foreignKeys.filter((k) => k.table === table),
      checks.filter((c) => c.table === table).map((c) => c.def),
    );
  };
  for (const table of tables) await fill(table, []);

  const [jobs] = (await execute("select count(*)::int as n from pgboss.job")).rows;
  if (Number(jobs?.n) === 0) {
    await enqueue(database.db, "notification-delivery", [{ data: { notificationIds: [1] } }]);
  }
}

async function insertRow(
  execute: SqlExecutor,
  table: string,
  required: Column[],
  foreignKeys: ForeignKey[],
  checks: string[],
) {
  // Foreign keys whose columns are required, or that share a column with a required one.
  const keys = foreignKeys.filter((k) => k.columns.some((c) => required.some((r) => r.name === c)));
  let lastError: unknown;
  for (let attempt = 0; attempt < 12; attempt++) {
    const values = new Map<string, unknown>();
    for (const [i, key] of keys.entries()) {
      // Two keys to one table (a rater and a ratee) get different rows.
      const offset = attempt * (i + 1) + keys.slice(0, i).filter((k) => k.ref === key.ref).length;
      const [row] = (
        await execute(
          `select ${key.refColumns.map((c) => `"${c}"::text as "${c}"`).join(", ")} from "${key.ref}"
           order by 1 offset ${offset} limit 1`,
        )
      ).rows;
      if (!row) continue;
      key.columns.forEach((c, j) => {
        values.set(c, row[key.refColumns[j] as string]);
      });
    }
    for (const column of required) {
      if (!values.has(column.name)) values.set(column.name, valueFor(column, checks));
    }
    const names = [...values.keys()];
    try {
      await execute(
        names.length === 0
          ? `insert into "${table}" default values`
          : `insert into "${table}" (${names.map((n) => `"${n}"`).join(", ")})
             values (${names.map((_, i) => `$${i + 1}`).join(", ")})`,
        names.length === 0 ? undefined : names.map((n) => values.get(n)),
      );
      return;
    } catch (error) {
      lastError = error;
    }
  }
  throw new Error(`fillEveryTable: no row fits ${table}: ${String(lastError)}`);
}

/** A value of the column's type that its table's CHECK constraints accept. */
function valueFor(column: Column, checks: string[]): unknown {
  const name = column.name.replace(/[^a-z0-9_]/g, "");
  const mentions = checks.filter((def) => new RegExp(`\\b${name}\\b`).test(def));
  const word = mentions
    .map((def) => new RegExp(`\\(${name}\\)::text = ANY \\(\\(ARRAY\\['([^']*)'`).exec(def)?.[1])
    .find((w) => w !== undefined);
  const atLeast = mentions
    .map((def) => {
      const bound = new RegExp(`\\(${name} (>=|>) \\(?(\\d+)`).exec(def);
      return bound ? Number(bound[2]) + (bound[1] === ">" ? 1 : 0) : undefined;
    })
    .find((n) => n !== undefined);
  const number = atLeast ?? 1;
  switch (column.udt) {
    case "int2":
    case "int4":
    case "int8":
    case "numeric":
    case "float4":
    case "float8":
      return number;
    case "bool":
      return true;
    case "timestamptz":
    case "timestamp":
      return new Date().toISOString();
    case "date":
      return new Date().toISOString().slice(0, 10);
    case "json":
    case "jsonb":
      return "{}";
    case "_int4":
    case "_int8":
      return `{${number}}`;
    case "text":
    case "varchar": {
      const text = word ?? `backup-${column.name}`;
      return column.maxLength ? text.slice(0, column.maxLength) : text;
    }
    default:
      throw new Error(
        `fillEveryTable: no value for ${column.table}.${column.name} (${column.type})`,
      );
  }
}
