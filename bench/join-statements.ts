/**
 * Where one join and one leave through the routes spend their time, statement by statement (not
 * a test; prints figures): every statement the app sends during `--pairs` join-then-leave pairs,
 * one at a time, on PGlite (in memory) or on TEST_DATABASE_URL, with its mean time per pair.
 * The same pairs also go through the games service in a bare Fastify route (no session, write
 * limit, hooks or schemas: the bench's "same transaction in a bare route"), in alternating
 * blocks of ten, so the two tables' difference is what the product's route adds, on a machine
 * whose speed swings between minutes.
 *
 *   node --import tsx bench/join-statements.ts [--pairs 200]
 */
import { PGlite } from "@electric-sql/pglite";
import Fastify from "fastify";
import pg from "pg";
import { joinGame, leaveGame } from "../server/modules/games/service.ts";
import { sessionCookieFor } from "../server/test-support/direct-session.ts";
import { insertCourtRow, insertPlayer } from "../server/test-support/game-rows.ts";
import { createTestApp } from "../server/test-support/test-app.ts";

const at = process.argv.indexOf("--pairs");
const PAIRS = at < 0 ? 200 : Number(process.argv[at + 1]);
const ways = ["through the routes", "the service in a bare route"] as const;
type Way = (typeof ways)[number];
const spentBy = new Map<Way, Map<string, { ms: number; n: number }>>(
  ways.map((way) => [way, new Map()]),
);
const totalBy = new Map<Way, number>(ways.map((way) => [way, 0]));
let counting: Way | undefined;
const add = (label: string, ms: number) => {
  if (!counting) return;
  const spent = spentBy.get(counting) as Map<string, { ms: number; n: number }>;
  const entry = spent.get(label) ?? { ms: 0, n: 0 };
  entry.ms += ms;
  entry.n += 1;
  spent.set(label, entry);
};
const labelOf = (text: string) => text.replace(/\s+/g, " ").trim().slice(0, 110);

// PGlite: a statement is a parse (or simple query) message and the messages after it.
let current = "(none)";
const pglite = PGlite.prototype as unknown as Record<
  string,
  (message: Uint8Array, options?: unknown) => Promise<unknown>
>;
for (const name of ["execProtocol", "execProtocolStream"]) {
  const original = pglite[name] as (message: Uint8Array, options?: unknown) => Promise<unknown>;
  pglite[name] = async function (this: unknown, message: Uint8Array, options?: unknown) {
    const type = String.fromCharCode(message[0] ?? 0);
    if (type === "P" || type === "Q") {
      const body = Buffer.from(message.subarray(5));
      const start = type === "P" ? body.indexOf(0) + 1 : 0;
      current = labelOf(body.subarray(start, body.indexOf(0, start)).toString());
    }
    const started = performance.now();
    try {
      return await original.call(this, message, options);
    } finally {
      add(current, performance.now() - started);
    }
  };
}
// PostgreSQL: each query's round trip.
const clientQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
  const first = args[0] as string | { text?: string };
  const text = typeof first === "string" ? first : (first?.text ?? "?");
  const started = performance.now();
  const last = args.at(-1);
  if (typeof last === "function") {
    args[args.length - 1] = (...results: unknown[]) => {
      add(labelOf(text), performance.now() - started);
      return (last as (...a: unknown[]) => unknown)(...results);
    };
  }
  const result = clientQuery.apply(this, args);
  if (result instanceof Promise) {
    return result.finally(() => add(labelOf(text), performance.now() - started));
  }
  return result;
} as typeof pg.Client.prototype.query;

const { app, db, close } = await createTestApp();
const bare = Fastify();
try {
  const organizer = await insertPlayer(db);
  const courtId = await insertCourtRow(db);
  const game = await app.inject({
    method: "POST",
    url: "/api/games",
    headers: { cookie: await sessionCookieFor(app, db, organizer) },
    payload: {
      courtId,
      scheduledAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      maxPlayers: 10,
      title: "Evening run",
    },
  });
  if (game.statusCode !== 201) throw new Error(game.body);
  const gameId = (JSON.parse(game.body) as { id: number }).id;
  const players: string[] = [];
  const cookies: string[] = [];
  for (let i = 0; i < 20; i += 1) {
    players.push(await insertPlayer(db));
    cookies.push(await sessionCookieFor(app, db, players[i] as string));
  }
  bare.post<{ Params: { action: string }; Querystring: { user: string } }>(
    "/service/:action",
    async (request) =>
      (request.params.action === "join" ? joinGame : leaveGame)(db, request.query.user, gameId),
  );
  await bare.ready();
  const pair = async (i: number, way: Way) => {
    for (const action of ["join", "leave"]) {
      const response =
        way !== "through the routes"
          ? await bare.inject({
              method: "POST",
              url: `/service/${action}?user=${players[i % players.length]}`,
            })
          : await app.inject({
              method: "POST",
              url: `/api/games/${gameId}/${action}`,
              headers: { cookie: cookies[i % cookies.length] as string },
            });
      if (response.statusCode !== 200) throw new Error(response.body);
    }
  };
  for (let i = 0; i < 20; i += 1) for (const way of ways) await pair(i, way);
  for (let block = 0; block < PAIRS; block += 10) {
    for (const way of ways) {
      counting = way;
      const started = performance.now();
      for (let i = block; i < Math.min(PAIRS, block + 10); i += 1) await pair(i, way);
      totalBy.set(way, (totalBy.get(way) ?? 0) + performance.now() - started);
      counting = undefined;
    }
  }
  const where = process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite";
  for (const way of ways) {
    let inStatements = 0;
    const rows = [...(spentBy.get(way) ?? [])].sort((a, b) => b[1].ms - a[1].ms);
    console.log(`${where}: ${PAIRS} pairs, one at a time, ${way}`);
    for (const [label, { ms, n }] of rows) {
      inStatements += ms;
      console.log(
        `${(ms / PAIRS).toFixed(3).padStart(8)} ms  ${(n / PAIRS).toFixed(1).padStart(4)}×  ${label}`,
      );
    }
    const total = (totalBy.get(way) ?? 0) / PAIRS;
    console.log(
      `pair ${total.toFixed(2)} ms, of which statements ${(inStatements / PAIRS).toFixed(2)} ms, the rest (JS) ${(total - inStatements / PAIRS).toFixed(2)} ms\n`,
    );
  }
} finally {
  await bare.close();
  await close();
}
