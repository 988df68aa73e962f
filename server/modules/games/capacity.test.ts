import { and, asc, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GAME_CANCELLED, GAME_FULL } from "../../../common/games.ts";
import { gameLine, gameParticipants, games, notifications } from "../../db/schema.ts";
import { sessionCookieFor } from "../../test-support/direct-session.ts";
import { insertCourtRow, insertUsers } from "../../test-support/game-rows.ts";
import { statusOf } from "../../test-support/outcomes.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { joinLine, leaveLine } from "./line.ts";
import { cancelGame, createGame, editGame, joinGame, leaveGame } from "./service.ts";

/**
 * Seats under pressure. On PostgreSQL (TEST_DATABASE_URL, as in CI) the calls below run on a
 * pool of 20 connections at once, so these are real races; on PGlite they queue.
 */

let t: TestApp;
let courtId: number;

beforeAll(async () => {
  t = await createTestApp();
  courtId = await insertCourtRow(t.db);
});
afterAll(() => t.close());

const players = (n: number) => insertUsers(t.db, n);

async function newGame(organizerId: string, maxPlayers: number): Promise<number> {
  const game = await createGame(t.db, organizerId, {
    courtId,
    title: "Crowded run",
    // More than 24 h ahead: a freed seat goes to the line, not offered (decision 103).
    scheduledAt: new Date(Date.now() + 30 * 3_600_000).toISOString(),
    maxPlayers,
    gameType: "pickup",
  });
  return game.id;
}

/** The invariants every game keeps, read straight from the tables. */
async function expectConsistent(gameId: number) {
  const [row] = await t.db
    .select({
      currentPlayers: games.currentPlayers,
      maxPlayers: games.maxPlayers,
      organizerId: games.organizerId,
      seats: sql<number>`(select count(*)::int from ${gameParticipants} where ${gameParticipants.gameId} = ${games.id})`,
      organizerSeated: sql<boolean>`exists (select 1 from ${gameParticipants} where ${gameParticipants.gameId} = ${games.id} and ${gameParticipants.userId} = ${games.organizerId})`,
    })
    .from(games)
    .where(eq(games.id, gameId));
  if (!row) throw new Error(`game ${gameId} is gone`);
  expect(row.currentPlayers).toBe(Number(row.seats));
  expect(row.currentPlayers).toBeLessThanOrEqual(row.maxPlayers);
  expect(row.organizerSeated).toBe(true);
  return row;
}

describe("simultaneous joins", () => {
  it("200 players joining a 30-seat game at once: exactly the 29 free seats are taken", async () => {
    const [organizer, ...racers] = await players(201);
    const gameId = await newGame(organizer as string, 30);
    const outcomes = await Promise.allSettled(racers.map((id) => joinGame(t.db, id, gameId)));
    const statuses = outcomes.map(statusOf);
    expect(statuses.filter((s) => s === 200)).toHaveLength(29);
    expect(statuses.filter((s) => s === 409)).toHaveLength(171);
    for (const outcome of outcomes) {
      if (outcome.status === "rejected") expect((outcome.reason as Error).message).toBe(GAME_FULL);
    }
    expect((await expectConsistent(gameId)).currentPlayers).toBe(30);
  });

  it("over HTTP: 200 signed-in players press Join on 11 free seats; 11 get 200, 189 get 409", async () => {
    const [organizer, ...racers] = await players(201);
    const gameId = await newGame(organizer as string, 12);
    const cookies = await Promise.all(racers.map((id) => sessionCookieFor(t.app, t.db, id)));
    const responses = await Promise.all(
      cookies.map((cookie) =>
        t.app.inject({ method: "POST", url: `/api/games/${gameId}/join`, headers: { cookie } }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(11);
    expect(statuses.filter((s) => s === 409)).toHaveLength(189);
    for (const r of responses.filter((r) => r.statusCode === 409)) {
      expect(r.json()).toEqual({ message: GAME_FULL });
    }
    expect((await expectConsistent(gameId)).currentPlayers).toBe(12);
  });

  it("one player pressing Join 25 times at once holds one seat", async () => {
    const [organizer, player] = (await players(2)) as [string, string];
    const gameId = await newGame(organizer, 10);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 25 }, () => joinGame(t.db, player, gameId)),
    );
    expect(outcomes.every((o) => o.status === "fulfilled")).toBe(true);
    expect((await expectConsistent(gameId)).currentPlayers).toBe(2);
  });

  it("joins and leaves of the same players racing each other never break the count", async () => {
    const [organizer, ...racers] = await players(41);
    const gameId = await newGame(organizer as string, 20);
    for (let round = 0; round < 3; round++) {
      await Promise.allSettled(
        racers.flatMap((id, i) =>
          i % 2 === round % 2
            ? [joinGame(t.db, id, gameId), leaveGame(t.db, id, gameId)]
            : [joinGame(t.db, id, gameId)],
        ),
      );
      await expectConsistent(gameId);
    }
  });
});

type Op = { kind: "join" | "leave"; player: number } | { kind: "cancel" };

const opArbitrary = (playerCount: number): fc.Arbitrary<Op> =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({ kind: fc.constant("join" as const), player: fc.nat(playerCount - 1) }),
    },
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant("leave" as const),
        player: fc.nat(playerCount - 1),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ kind: "cancel" as const }) },
  );

function run(op: Op, organizer: string, racers: string[], gameId: number) {
  if (op.kind === "cancel") return cancelGame(t.db, organizer, gameId);
  const player = racers[op.player] as string;
  return op.kind === "join" ? joinGame(t.db, player, gameId) : leaveGame(t.db, player, gameId);
}

describe("random sequences of join, leave and cancel", () => {
  const PLAYERS = 6;
  const SEATS = 4; // the organizer and 3 more: players compete for seats

  it("one at a time, every answer and the seats match a simple model", async () => {
    const racers = await players(PLAYERS);
    await fc.assert(
      fc.asyncProperty(fc.array(opArbitrary(PLAYERS), { maxLength: 25 }), async (ops) => {
        // A new organizer per run: one may organize only so many upcoming games.
        const [organizer] = (await players(1)) as [string];
        const gameId = await newGame(organizer, SEATS);
        const seated = new Set<number>();
        let cancelled = false;
        for (const op of ops) {
          const status = statusOf(
            (
              await Promise.allSettled([run(op, organizer, racers, gameId)])
            )[0] as PromiseSettledResult<unknown>,
          );
          if (op.kind === "cancel") {
            expect(status).toBe(200);
            cancelled = true;
          } else if (op.kind === "join") {
            const expected = seated.has(op.player)
              ? cancelled
                ? 409
                : 200
              : cancelled || seated.size + 1 >= SEATS
                ? 409
                : 200;
            expect(status).toBe(expected);
            if (status === 200) seated.add(op.player);
          } else {
            const expected = seated.has(op.player) && cancelled ? 409 : 200;
            expect(status).toBe(expected);
            if (status === 200) seated.delete(op.player);
          }
        }
        const row = await expectConsistent(gameId);
        expect(row.currentPlayers).toBe(seated.size + 1);
        const seats = await t.db
          .select({ userId: gameParticipants.userId })
          .from(gameParticipants)
          .where(
            and(
              eq(gameParticipants.gameId, gameId),
              sql`${gameParticipants.userId} <> ${organizer}`,
            ),
          );
        expect(new Set(seats.map((s) => s.userId))).toEqual(
          new Set([...seated].map((i) => racers[i])),
        );
      }),
      { numRuns: 30 },
    );
  });

  it("in concurrent bursts, the invariants hold after every burst", async () => {
    const racers = await players(PLAYERS);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(opArbitrary(PLAYERS), { minLength: 1, maxLength: 12 }), { maxLength: 5 }),
        async (bursts) => {
          const [organizer] = (await players(1)) as [string];
          const gameId = await newGame(organizer, SEATS);
          let cancelled = false;
          for (const burst of bursts) {
            const before = await expectConsistent(gameId);
            const outcomes = await Promise.allSettled(
              burst.map((op) => run(op, organizer, racers, gameId)),
            );
            for (const o of outcomes) expect([200, 409]).toContain(statusOf(o));
            if (burst.some((op) => op.kind === "cancel")) cancelled = true;
            const after = await expectConsistent(gameId);
            // Once cancelled, nobody new gets in.
            if (cancelled && burst.every((op) => op.kind !== "cancel")) {
              expect(after.currentPlayers).toBeLessThanOrEqual(before.currentPlayers);
            }
            for (const [i, o] of outcomes.entries()) {
              if (o.status === "rejected" && burst[i]?.kind === "join") {
                expect([GAME_FULL, GAME_CANCELLED]).toContain((o.reason as Error).message);
              }
            }
          }
        },
      ),
      { numRuns: 20 },
    );
  });
});

/**
 * The waiting line under pressure: seats, the line and promotions checked against each other.
 * Every invariant: seats ≤ max and equal to currentPlayers; nobody both seated and waiting; a
 * free seat only with an empty line; places dense and in arrival order; promotions in line order.
 */
async function expectLineConsistent(gameId: number) {
  const row = await expectConsistent(gameId);
  const seated = new Set(
    (
      await t.db
        .select({ userId: gameParticipants.userId })
        .from(gameParticipants)
        .where(eq(gameParticipants.gameId, gameId))
    ).map((r) => r.userId),
  );
  const line = await t.db
    .select({ id: gameLine.id, userId: gameLine.userId, joinedAt: gameLine.joinedAt })
    .from(gameLine)
    .where(eq(gameLine.gameId, gameId))
    .orderBy(asc(gameLine.id));
  for (const entry of line) expect(seated.has(entry.userId)).toBe(false);
  expect(new Set(line.map((e) => e.userId)).size).toBe(line.length);
  if (row.currentPlayers < row.maxPlayers) expect(line).toEqual([]);
  // Arrival order: a later place never arrived earlier.
  const arrivals = line.map((e) => e.joinedAt.getTime());
  expect(arrivals).toEqual([...arrivals].sort((a, b) => a - b));
  return { ...row, seated, line };
}

/** The promotions of a game in the order they were committed: the line row id each came from. */
async function promotionsOf(gameId: number) {
  const rows = await t.db
    .select({ userId: notifications.userId, dedupeKey: notifications.dedupeKey })
    .from(notifications)
    .where(and(eq(notifications.gameId, gameId), eq(notifications.kind, "promoted_from_line")))
    .orderBy(asc(notifications.id));
  return rows.map((r) => ({
    userId: r.userId,
    lineId: Number(/:line:(\d+):/.exec(r.dedupeKey)?.[1]),
  }));
}

describe("the waiting line under concurrency", () => {
  it("hundreds of joins, leaves and line joins at once keep every invariant; promotions go in line order", async () => {
    const [organizer, ...everyone] = (await players(301)) as [string, ...string[]];
    const seatedAtFirst = everyone.slice(0, 11);
    const liners = everyone.slice(11, 211);
    const joiners = everyone.slice(211, 300);
    const gameId = await newGame(organizer, 12);
    for (const id of seatedAtFirst) await joinGame(t.db, id, gameId);
    expect((await expectLineConsistent(gameId)).currentPlayers).toBe(12);

    // Line joins (the first 120 arrive before anyone leaves), then everything at once.
    const early = liners.slice(0, 120);
    for (const id of early.slice(0, 20)) await joinLine(t.db, id, gameId);
    await Promise.all(early.slice(20).map((id) => joinLine(t.db, id, gameId)));
    const lineIds = new Map(
      (
        await t.db
          .select({ id: gameLine.id, userId: gameLine.userId })
          .from(gameLine)
          .where(eq(gameLine.gameId, gameId))
      ).map((r) => [r.userId, r.id]),
    );
    expect(lineIds.size).toBe(120);

    const late = liners.slice(120);
    const outcomes = await Promise.allSettled([
      ...late.map((id) => joinLine(t.db, id, gameId)),
      ...joiners.map((id) => joinGame(t.db, id, gameId)),
      ...seatedAtFirst.slice(0, 8).map((id) => leaveGame(t.db, id, gameId)),
      ...early.slice(60, 90).map((id) => leaveLine(t.db, id, gameId)),
      ...late.slice(0, 20).map((id) => leaveLine(t.db, id, gameId)),
    ]);
    for (const o of outcomes) expect([200, 409]).toContain(statusOf(o));
    const after = await expectLineConsistent(gameId);
    expect(after.currentPlayers).toBe(12);

    const promotions = await promotionsOf(gameId);
    expect(promotions).toHaveLength(8);
    // Each promoted player holds a seat and is in the line no more.
    for (const p of promotions) expect(after.seated.has(p.userId)).toBe(true);
    // In line order: each promotion took a later place than the one before…
    for (let i = 1; i < promotions.length; i++) {
      expect(promotions[i]?.lineId).toBeGreaterThan(promotions[i - 1]?.lineId as number);
    }
    // …and nobody still waiting arrived before someone promoted.
    const lastPromoted = promotions.at(-1)?.lineId as number;
    for (const entry of after.line) expect(entry.id).toBeGreaterThan(lastPromoted);
    // The first eight who stayed in line from the early ones are the promoted.
    const stayed = early.filter((_, i) => i < 60 || i >= 90).slice(0, 8);
    expect(promotions.map((p) => p.userId)).toEqual(stayed);
    // The 89 direct joins found the game full.
    const joinOutcomes = outcomes.slice(late.length, late.length + joiners.length);
    expect(joinOutcomes.every((o) => statusOf(o) === 409)).toBe(true);
  });

  it("in bursts of joins, leaves, line joins, line leaves and raised seats, invariants hold after each", async () => {
    const [organizer, ...racers] = (await players(61)) as [string, ...string[]];
    const gameId = await newGame(organizer, 6);
    let max = 6;
    for (let burst = 0; burst < 6; burst++) {
      const ops: Promise<unknown>[] = racers.map((id, i) => {
        switch ((i + burst) % 5) {
          case 0:
            return joinGame(t.db, id, gameId);
          case 1:
            return joinLine(t.db, id, gameId);
          case 2:
            return leaveGame(t.db, id, gameId);
          case 3:
            return leaveLine(t.db, id, gameId);
          default:
            return joinLine(t.db, id, gameId);
        }
      });
      if (burst % 2 === 1 && max < 30) {
        max += 3;
        ops.push(editGame(t.db, organizer, gameId, { maxPlayers: max }));
      }
      const outcomes = await Promise.allSettled(ops);
      for (const o of outcomes) expect([200, 409]).toContain(statusOf(o));
      await expectLineConsistent(gameId);
      const promotions = await promotionsOf(gameId);
      for (let i = 1; i < promotions.length; i++) {
        expect(promotions[i]?.lineId).toBeGreaterThan(promotions[i - 1]?.lineId as number);
      }
    }
  });

  it("a cancel racing line joins and leaves leaves no line behind", async () => {
    const [organizer, ...racers] = (await players(81)) as [string, ...string[]];
    const gameId = await newGame(organizer, 4);
    for (const id of racers.slice(0, 3)) await joinGame(t.db, id, gameId);
    const outcomes = await Promise.allSettled([
      ...racers.slice(3).map((id) => joinLine(t.db, id, gameId)),
      leaveGame(t.db, racers[0] as string, gameId),
      cancelGame(t.db, organizer, gameId),
    ]);
    for (const o of outcomes) expect([200, 409]).toContain(statusOf(o));
    await expectConsistent(gameId);
    expect(await t.db.select().from(gameLine).where(eq(gameLine.gameId, gameId))).toEqual([]);
  });
});
