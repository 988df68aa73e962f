import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Game } from "../../../common/games.ts";
import type { Database } from "../../db/client.ts";
import {
  insertCourtRow,
  insertGameWithPlayers,
  insertPlayer,
} from "../../test-support/game-rows.ts";
import { openTestDatabase } from "../../test-support/test-database.ts";
import type { StoredEvent } from "../events/publish.ts";
import { createGame, joinGame } from "./service.ts";
import { createUpcomingAnswers, UPCOMING_ANSWER_MAX_AGE_MS } from "./upcoming-answers.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

type Listed = { id: number; currentPlayers: number };
const listed = (answer: { identity: Buffer }) =>
  (JSON.parse(answer.identity.toString()) as Listed[]).map(({ id, currentPlayers }) => ({
    id,
    currentPlayers,
  }));
/** The page near() encodes, as the browser reads it. */
const nearGames = async (
  answers: ReturnType<typeof createUpcomingAnswers>,
  ...args: Parameters<ReturnType<typeof createUpcomingAnswers>["near"]>
) => JSON.parse(await answers.near(...args)) as Game[];
/** A hub that delivers what the test says another instance committed. */
function fakeHub() {
  const listeners: ((event: StoredEvent) => void)[] = [];
  return {
    onEvent(listener: (event: StoredEvent) => void) {
      listeners.push(listener);
      return () => {};
    },
    hear(event: StoredEvent) {
      for (const listener of listeners) listener(event);
    },
  };
}
const tomorrow = () => new Date(Date.now() + 24 * 3_600_000).toISOString();

describe("the shared list of upcoming games (no position)", () => {
  it("is one answer for every viewer, yet shows a game created or joined here at once", async () => {
    let clock = 1_000_000;
    const answers = createUpcomingAnswers(database.db, undefined, { now: () => clock });
    const courtId = await insertCourtRow(database.db, { latitude: 40.1, longitude: -75.1 });
    const organizer = await insertPlayer(database.db);
    const first = await answers.list({ courtId });
    expect(listed(first)).toEqual([]);

    // A game written without the games service announces nothing: viewers share the answer
    // until it is UPCOMING_ANSWER_MAX_AGE_MS old.
    const quiet = await insertGameWithPlayers(database.db, {
      courtId,
      organizerId: organizer,
      startsInHours: 30,
    });
    clock += UPCOMING_ANSWER_MAX_AGE_MS - 1;
    expect(await answers.list({ courtId })).toBe(first);
    clock += 1;
    expect(listed(await answers.list({ courtId }))).toEqual([{ id: quiet, currentPlayers: 1 }]);

    // Through the service, the very next read sees the change.
    const created = await createGame(database.db, organizer, {
      courtId,
      title: "Shared list run",
      scheduledAt: tomorrow(),
      maxPlayers: 6,
      gameType: "pickup",
    });
    expect(listed(await answers.list({ courtId }))).toEqual([
      { id: created.id, currentPlayers: 1 },
      { id: quiet, currentPlayers: 1 },
    ]);
    await joinGame(database.db, await insertPlayer(database.db), created.id);
    expect(listed(await answers.list({ courtId }))[0]).toEqual({
      id: created.id,
      currentPlayers: 2,
    });
    answers.stop();
  });

  it("a viewer with a position is read alone: their own distances, a game created here at once", async () => {
    const answers = createUpcomingAnswers(database.db, undefined, { now: () => 0 });
    const here = { latitude: 40.31, longitude: -75.31 };
    const courtId = await insertCourtRow(database.db, { latitude: 40.32, longitude: -75.32 });
    const organizer = await insertPlayer(database.db);
    const before = (await nearGames(answers, { courtId }, here)).map((game) => game.id);
    expect(before).toEqual([]);
    const created = await createGame(database.db, organizer, {
      courtId,
      title: "Near list run",
      scheduledAt: tomorrow(),
      maxPlayers: 6,
      gameType: "pickup",
    });
    const [game] = await nearGames(answers, { courtId }, here);
    expect(game?.id).toBe(created.id);
    expect(game?.distanceMiles).toBe(0.9);
    // Another viewer a few miles away: their own distance.
    const [same] = await nearGames(answers, { courtId }, { latitude: 40.35, longitude: -75.35 });
    expect(same?.distanceMiles).toBe(2.6);
    await joinGame(database.db, await insertPlayer(database.db), created.id);
    expect((await nearGames(answers, { courtId }, here))[0]?.currentPlayers).toBe(2);
    answers.stop();
  });

  it("a viewer with a position sees a game written straight to the table, with no event", async () => {
    const answers = createUpcomingAnswers(database.db, undefined, { now: () => 0 });
    const here = { latitude: 41.51, longitude: -76.51 };
    const near = await insertCourtRow(database.db, { latitude: 41.52, longitude: -76.52 });
    const organizer = await insertPlayer(database.db);
    const before = (await nearGames(answers, {}, here)).map((game) => game.id);
    const quiet = await insertGameWithPlayers(database.db, {
      courtId: near,
      organizerId: organizer,
      startsInHours: 2,
    });
    expect(before).not.toContain(quiet);
    expect((await nearGames(answers, {}, here))[0]?.id).toBe(quiet);
    answers.stop();
  });

  it("keeps one list per filter set, and drops them all on another instance's game event", async () => {
    const hub = fakeHub();
    const answers = createUpcomingAnswers(database.db, hub, { now: () => 0 });
    const courtId = await insertCourtRow(database.db, { latitude: 40.2, longitude: -75.2 });
    const organizer = await insertPlayer(database.db);
    const all = await answers.list({ courtId });
    const open = await answers.list({ courtId, openSpots: true });
    expect(await answers.list({ openSpots: undefined, courtId })).toBe(all);
    expect(open).not.toBe(all);

    const full = await insertGameWithPlayers(database.db, {
      courtId,
      organizerId: organizer,
      players: [await insertPlayer(database.db)],
      startsInHours: 5,
      maxPlayers: 2,
    });
    hub.hear({ id: 1, userId: null, event: { type: "court.changed", courtId } });
    expect(await answers.list({ courtId })).toBe(all);
    hub.hear({ id: 2, userId: null, event: { type: "game.changed", gameId: full, courtId } });
    expect(listed(await answers.list({ courtId }))).toEqual([{ id: full, currentPlayers: 2 }]);
    expect(listed(await answers.list({ courtId, openSpots: true }))).toEqual([]);
    answers.stop();
  });
});
