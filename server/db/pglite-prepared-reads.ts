import type { PGlite, QueryOptions, Results } from "@electric-sql/pglite";

type Parsers = NonNullable<QueryOptions["parsers"]>;

/** How many reads one database keeps prepared; the reads seen after that run as before. */
export const MAX_PREPARED_READS = 500;

const READ = /^\s*select\b/i;

/**
 * The types Drizzle's PGlite driver reads as PostgreSQL's text (timestamps, dates, intervals,
 * numeric and their arrays): it passes these parsers with every query.
 */
const DRIZZLE_TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const asText = (value: string) => value;

/**
 * Makes Drizzle's text parsers the client's own, and returns the parsers they replace, for the
 * queries sent to the client without Drizzle. PGlite copies all its parsers (318 types) into a
 * new object for every query that brings parsers of its own, 80 µs each: with Drizzle, that was
 * a sixth of the thread's time serving /api/healthz. withPreparedReads leaves Drizzle's out.
 */
export function readDrizzleTypesAsText(client: PGlite): Parsers {
  const replaced: Parsers = {};
  for (const type of DRIZZLE_TEXT_TYPES) {
    const parser = client.parsers[type];
    if (parser) replaced[type] = parser;
    client.parsers[type] = asText;
  }
  return replaced;
}

type Prepared = { name: string; paramTypes: number[] };
type Entry = { seen: number; prepared?: Promise<Prepared | null> };

/**
 * The PGlite client Drizzle is given: a read (a SELECT outside a transaction) that comes back
 * is prepared once and from then on run with EXECUTE (§85).
 *
 * PGlite's query() parses and plans its statement on every call, in six trips into the
 * WebAssembly (parse, describe, bind, describe, execute, sync), and Drizzle's `.prepare(name)`
 * does not change that on PGlite. A game's detail read took 1.7 ms that way and 0.26 ms as one
 * EXECUTE of a statement prepared once, and PGlite runs on the server's only thread.
 *
 * EXECUTE is sent as text, so each parameter becomes a quoted literal: serialised as query()
 * would (PGlite's serializer for the parameter's type), quotes doubled, which is the whole of
 * quoting under standard_conforming_strings (on, and checked when the first read is prepared).
 * A parameter with a NUL character, a statement PostgreSQL will not prepare and any error at
 * all go back to query(), so callers see query()'s answers and query()'s errors, with the
 * parameters where Drizzle and the logs expect them.
 */
export function withPreparedReads(client: PGlite, maxPrepared = MAX_PREPARED_READS): PGlite {
  const entries = new Map<string, Entry>();
  const withoutParsers = new WeakMap<QueryOptions, QueryOptions>();
  // Drizzle's options, without the parsers the client has as its own (readDrizzleTypesAsText).
  const lighter = (options: QueryOptions | undefined) => {
    const parsers = options?.parsers;
    if (!options || !parsers) return options;
    if (!Object.keys(parsers).every((type) => client.parsers[type] === asText)) return options;
    let light = withoutParsers.get(options);
    if (!light) {
      light = { ...options, parsers: undefined };
      withoutParsers.set(options, light);
    }
    return light;
  };
  let preparedCount = 0;
  let quotingChecked: Promise<boolean> | undefined;

  const prepare = async (text: string): Promise<Prepared | null> => {
    if (preparedCount >= maxPrepared) return null;
    quotingChecked ??= client
      .query<{ standard_conforming_strings: string }>("show standard_conforming_strings")
      .then((result) => result.rows[0]?.standard_conforming_strings === "on");
    if (!(await quotingChecked)) return null;
    preparedCount += 1;
    const name = `bwb_read_${preparedCount}`;
    try {
      const { queryParams } = await client.describeQuery(text);
      await client.exec(`prepare ${name} as ${text}`);
      return { name, paramTypes: queryParams.map((param) => param.dataTypeID) };
    } catch {
      return null;
    }
  };

  const literalsOf = (
    params: unknown[],
    { paramTypes }: Prepared,
    options: QueryOptions | undefined,
  ): string[] | null => {
    const literals: string[] = [];
    for (const [i, value] of params.entries()) {
      if (value === null || value === undefined) {
        literals.push("NULL");
        continue;
      }
      const type = paramTypes[i] ?? 0;
      const serialize = options?.serializers?.[type] ?? client.serializers[type];
      const text = serialize ? serialize(value) : String(value);
      if (typeof text !== "string" || text.includes("\0")) return null;
      literals.push(`'${text.replaceAll("'", "''")}'`);
    }
    return literals;
  };

  const query = async <T>(
    text: string,
    params: unknown[] = [],
    drizzleOptions?: QueryOptions,
  ): Promise<Results<T>> => {
    const options = lighter(drizzleOptions);
    if (!READ.test(text) || options?.paramTypes || options?.blob) {
      return client.query<T>(text, params, options);
    }
    let entry = entries.get(text);
    if (!entry) {
      // Reads whose text changes with their input would otherwise be remembered without end.
      if (entries.size >= maxPrepared * 4) return client.query<T>(text, params, options);
      entry = { seen: 0 };
      entries.set(text, entry);
    }
    entry.seen += 1;
    if (entry.seen === 2) entry.prepared = prepare(text);
    const prepared = entry.prepared && (await entry.prepared);
    const literals =
      prepared &&
      params.length === prepared.paramTypes.length &&
      literalsOf(params, prepared, options);
    if (!prepared || !literals) return client.query<T>(text, params, options);
    const call =
      literals.length > 0
        ? `execute ${prepared.name}(${literals.join(", ")})`
        : `execute ${prepared.name}`;
    try {
      const results = await client.exec(call, options);
      const result = results.at(-1);
      if (result) return result as Results<T>;
    } catch {
      // query() below gives the error as callers know it (or the rows, if only EXECUTE failed).
    }
    return client.query<T>(text, params, options);
  };

  return new Proxy(client, {
    get(target, property) {
      if (property === "query") return query;
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
