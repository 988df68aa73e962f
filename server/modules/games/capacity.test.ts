import { and, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GAME_CANCELLED, GAME_FULL } from "../../../common/games.ts";
import { gameParticipants, games } from "../../db/schema.ts";
import { sessionCookieFor } from "../../test-support/direct-session.ts";
import { insertCourtRow, insertUsers } from "../../test-support/game-rows.ts";
import { statusOf } from "../../test-support/outcomes.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { cancelGame, createGame, joinGame, leaveGame } from "./service.ts";

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
    scheduledAt: new Date(Date.now() + 24 * 3_600_000).toISOString(),
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
