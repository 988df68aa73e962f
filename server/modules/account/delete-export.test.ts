import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETED_PLAYER_NAME } from "../../../common/account.ts";
import { createRunInputSchema } from "../../../common/runs.ts";
import {
  calendarFeeds,
  courtCheckIns,
  courts,
  favoriteCourts,
  friendRequests,
  friendships,
  gameAttendance,
  gameDrops,
  gameLine,
  gameParticipants,
  gameResults,
  games,
  playerBlocks,
  playerRatings,
  reports,
  runRegulars,
  runs,
  seatOffers,
  userCredentials,
  users,
} from "../../db/schema.ts";
import { callApi, sessionCookieFor } from "../../test-support/direct-session.ts";
import {
  insertCourtRow,
  insertDecidedGame,
  insertGameWithPlayers,
  insertPlayer,
  insertRating,
  insertUsers,
} from "../../test-support/game-rows.ts";
import { notificationsOf } from "../../test-support/notification-rows.ts";
import { createTestApp, signUpUser, type TestApp } from "../../test-support/test-app.ts";
import { blockedPlayers } from "../blocks/service.ts";
import { calendarFeedOf } from "../calendar-feed/service.ts";
import { checkIn } from "../checkins/service.ts";
import { friendsOverview } from "../friends/service.ts";
import { getGame } from "../games/game-reads.ts";
import { joinLine } from "../games/line.ts";
import { joinGame } from "../games/service.ts";
import { followRun } from "../runs/regulars.ts";
import { createRun } from "../runs/service.ts";
import { deleteAccountData } from "./delete-account.ts";

/** On PostgreSQL (TEST_DATABASE_URL) the simultaneous cases are real races on a pool. */

let t: TestApp;
let courtId: number;
beforeAll(async () => {
  t = await createTestApp();
  courtId = await insertCourtRow(t.db);
});
afterAll(() => t.close());

const userIdOf = async (email: string) => {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
};

async function seats(gameId: number) {
  const [row] = await t.db
    .select({
      currentPlayers: games.currentPlayers,
      status: games.status,
      seats: sql<number>`(select count(*)::int from ${gameParticipants} where ${gameParticipants.gameId} = ${games.id})`,
    })
    .from(games)
    .where(eq(games.id, gameId));
  if (!row) throw new Error(`game ${gameId} vanished`);
  return row;
}

describe("delete my account", () => {
  it("hands a freed seat to the first in line, and leaves the lines it waited in", async () => {
    const user = await signUpUser(t.app);
    const id = await userIdOf(user.email);
    const [host, other, waiting] = await Promise.all([
      insertPlayer(t.db, { nickname: "Host" }),
      insertPlayer(t.db, { nickname: "Other" }),
      insertPlayer(t.db, { nickname: "Waiting" }),
    ]);
    // A full game the player sits in, with someone waiting; another where the player waits.
    const full = await insertGameWithPlayers(t.db, {
      courtId,
      organizerId: host,
      players: [id],
      // More than 24 h ahead: the seat is given, not offered (decision 103).
      startsInHours: 30,
      maxPlayers: 2,
    });
    await joinLine(t.db, waiting, full);
    const otherFull = await insertGameWithPlayers(t.db, {
      courtId,
      organizerId: other,
      players: [host],
      startsInHours: 31,
      maxPlayers: 2,
    });
    await joinLine(t.db, id, otherFull);

    await deleteAccountData(t.db, id);

    const seated = await t.db
      .select({ userId: gameParticipants.userId })
      .from(gameParticipants)
      .where(eq(gameParticipants.gameId, full));
    expect(seated.map((r) => r.userId).sort()).toEqual([host, waiting].sort());
    expect(await seats(full)).toMatchObject({ currentPlayers: 2, seats: 2 });
    expect(await t.db.select().from(gameLine).where(eq(gameLine.userId, id))).toEqual([]);
    expect(await t.db.select().from(gameLine).where(eq(gameLine.gameId, full))).toEqual([]);
    expect((await notificationsOf(t.db, waiting)).map((n) => n.kind)).toContain(
      "promoted_from_line",
    );
  });

  it("ends the runs it organized, passes on its seat offers, forgets its showing up, runs and calendar feed", async () => {
    const user = await signUpUser(t.app);
    const id = await userIdOf(user.email);
    const [host, seated, next] = await Promise.all([
      insertPlayer(t.db, { nickname: "Host" }),
      insertPlayer(t.db, { nickname: "Seated" }),
      insertPlayer(t.db, { nickname: "Next" }),
    ]);
    const now = new Date();
    const nextWeek = new Date(now.getTime() + 7 * 86_400_000).toISOString().slice(0, 10);
    const own = await createRun(
      t.db,
      id,
      createRunInputSchema.parse({
        courtId,
        title: "My Run",
        maxPlayers: 10,
        firstDate: nextWeek,
        startTime: "18:30",
        weekdays: [0, 1, 2, 3, 4, 5, 6],
      }),
    );
    const theirs = await createRun(
      t.db,
      host,
      createRunInputSchema.parse({
        courtId,
        title: "Host's Run",
        maxPlayers: 10,
        firstDate: nextWeek,
        startTime: "19:00",
        weekdays: [2],
      }),
    );
    await followRun(t.db, id, theirs.id, false);
    // A full game in three hours: the player holds the offered seat, `next` waits behind them.
    const soon = await insertGameWithPlayers(t.db, {
      courtId,
      organizerId: host,
      players: [seated],
      startsInHours: 3,
      maxPlayers: 3,
    });
    await t.db.insert(seatOffers).values({
      gameId: soon,
      userId: id,
      lapsesAt: new Date(now.getTime() + 1_800_000),
    });
    await t.db.update(games).set({ currentPlayers: 3 }).where(eq(games.id, soon));
    await joinLine(t.db, next, soon);
    const played = await insertGameWithPlayers(t.db, {
      courtId,
      organizerId: host,
      players: [id],
      startsInHours: -30,
    });
    await t.db.insert(gameAttendance).values({ gameId: played, userId: id, markedBy: "organizer" });
    await t.db.insert(gameDrops).values({ gameId: played, userId: id, droppedAt: now, late: true });
    await calendarFeedOf(t.db, id, { secret: "test secret", publicUrl: "http://localhost" });

    await deleteAccountData(t.db, id);

    const [run] = await t.db.select({ status: runs.status }).from(runs).where(eq(runs.id, own.id));
    expect(run?.status).toBe("ended");
    const ownDates = await t.db
      .select({ status: games.status })
      .from(games)
      .where(eq(games.runId, own.id));
    expect(ownDates.length).toBeGreaterThan(0);
    expect(ownDates.every((date) => date.status === "cancelled")).toBe(true);
    // The seat went on to the next in line, as a declined offer's does.
    const offers = await t.db
      .select({ userId: seatOffers.userId })
      .from(seatOffers)
      .where(eq(seatOffers.gameId, soon));
    expect(offers).toEqual([{ userId: next }]);
    expect(await seats(soon)).toMatchObject({ currentPlayers: 3, seats: 2 });
    for (const table of [gameAttendance, gameDrops, runRegulars, calendarFeeds, seatOffers]) {
      expect(await t.db.select().from(table).where(eq(table.userId, id))).toEqual([]);
    }
  });

  it("leaves nobody's friends list, requests or blocks with the deleted player in them", async () => {
    const user = await signUpUser(t.app);
    const id = await userIdOf(user.email);
    const [buddy, asker, asked] = await Promise.all([
      insertPlayer(t.db, { nickname: "Buddy" }),
      insertPlayer(t.db, { nickname: "Asker" }),
      insertPlayer(t.db, { nickname: "Asked" }),
    ]);
    await t.db.insert(friendships).values([
      { userId: id, friendId: buddy },
      { userId: buddy, friendId: id },
    ]);
    await t.db.insert(friendRequests).values([
      { fromId: asker, toId: id },
      { fromId: id, toId: asked },
    ]);
    await t.db.insert(playerBlocks).values([
      { blockerId: id, blockedId: buddy },
      { blockerId: asker, blockedId: id },
    ]);
    await deleteAccountData(t.db, id);
    for (const other of [buddy, asker, asked]) {
      const overview = await friendsOverview(t.db, other);
      expect(overview).toEqual({ friends: [], incoming: [], outgoing: [] });
    }
    expect(await blockedPlayers(t.db, asker)).toEqual([]);
    expect(await t.db.select().from(playerBlocks).where(eq(playerBlocks.blockerId, id))).toEqual(
      [],
    );
  });

  it("asks for the password: a wrong one deletes nothing", async () => {
    const user = await signUpUser(t.app);
    const refused = await callApi(t.app, "POST", "/api/account/delete", user.cookie, {
      password: "not my password",
    });
    expect(refused.statusCode).toBe(400);
    expect((await callApi(t.app, "GET", "/api/auth/user", user.cookie)).statusCode).toBe(200);
  });

  it("cancels upcoming games it organized (players told), frees its seats, keeps played games as 'Deleted player'", async () => {
    const user = await signUpUser(t.app);
    const id = await userIdOf(user.email);
    const [teammate, rival, host] = await Promise.all([
      insertPlayer(t.db, { nickname: "Teammate" }),
      insertPlayer(t.db, { nickname: "Rival" }),
      insertPlayer(t.db, { nickname: "Host" }),
    ]);
    const organized = await insertGameWithPlayers(t.db, {
      courtId,
      organizerId: id,
      players: [teammate],
      startsInHours: 24,
    });
    const elsewhere = await insertGameWithPlayers(t.db, {
      courtId,
      organizerId: host,
      players: [id, rival],
      startsInHours: 30,
    });
    const played = await insertDecidedGame(t.db, {
      courtId,
      winners: [id, teammate],
      losers: [rival],
      startsInHours: -48,
    });
    await insertRating(t.db, { gameId: played, raterId: rival, rateeId: id, rating: 4 });
    await insertRating(t.db, { gameId: played, raterId: id, rateeId: rival, rating: 5 });
    await t.db.insert(favoriteCourts).values({ userId: id, courtId });
    await checkIn(t.db, id, courtId);
    const [{ active: activeBefore } = { active: 0 }] = await t.db
      .select({ active: courts.activePlayers })
      .from(courts)
      .where(eq(courts.id, courtId));

    const deleted = await callApi(t.app, "POST", "/api/account/delete", user.cookie, {
      password: user.password,
    });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.cookies.find((c) => c.name === "bwb_session")?.value).toBe("");
    expect((await callApi(t.app, "GET", "/api/auth/user", user.cookie)).statusCode).toBe(401);

    // The organized upcoming game is called off, and its player told.
    expect((await seats(organized)).status).toBe("cancelled");
    expect(await notificationsOf(t.db, teammate, "game_cancelled")).toHaveLength(1);
    // The seat elsewhere is free, the organizer told.
    expect(await seats(elsewhere)).toMatchObject({ currentPlayers: 2, seats: 2 });
    expect(await notificationsOf(t.db, host, "player_left")).toHaveLength(1);
    // The played game, its result and ratings stay, under "Deleted player".
    const game = await getGame(t.db, played);
    expect(game.organizer.firstName).toBe(DELETED_PLAYER_NAME);
    expect(game.organizer.profile).toBeNull();
    expect(
      await t.db.select().from(gameResults).where(eq(gameResults.gameId, played)),
    ).toHaveLength(1);
    expect(
      await t.db.select().from(playerRatings).where(eq(playerRatings.gameId, played)),
    ).toHaveLength(2);
    // What was the player's alone is gone; the check-in ended first, so the court count dropped.
    expect(
      await t.db.select().from(userCredentials).where(eq(userCredentials.userId, id)),
    ).toHaveLength(0);
    expect(
      await t.db.select().from(favoriteCourts).where(eq(favoriteCourts.userId, id)),
    ).toHaveLength(0);
    expect(
      await t.db.select().from(courtCheckIns).where(eq(courtCheckIns.userId, id)),
    ).toHaveLength(0);
    const [{ active: activeAfter } = { active: -1 }] = await t.db
      .select({ active: courts.activePlayers })
      .from(courts)
      .where(eq(courts.id, courtId));
    expect(activeAfter).toBe(activeBefore - 1);
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ email: null, lastName: null, city: null });
    expect(row?.deletedAt).not.toBeNull();

    // The address is free again, and signs in to nobody.
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: user.email, password: user.password },
      remoteAddress: "10.66.0.1",
    });
    expect(signIn.statusCode).toBe(401);
    const again = await signUpUser(t.app, { email: user.email });
    expect((await callApi(t.app, "GET", "/api/auth/user", again.cookie)).json().email).toBe(
      user.email,
    );
  });

  it("under simultaneous joins: every game stays consistent and a deleted player holds no upcoming seat", async () => {
    const [organizer = "", ...joiners] = await insertUsers(t.db, 21);
    const hosts = await insertUsers(t.db, 5);
    const organized = await Promise.all(
      [0, 1, 2].map((i) =>
        insertGameWithPlayers(t.db, {
          courtId,
          organizerId: organizer,
          startsInHours: 10 + i,
          maxPlayers: 12,
        }),
      ),
    );
    const others = await Promise.all(
      hosts.map((host, i) =>
        insertGameWithPlayers(t.db, { courtId, organizerId: host, startsInHours: 20 + i }),
      ),
    );
    const attempts = [
      ...joiners.flatMap((userId, i) => [joinGame(t.db, userId, organized[i % 3] ?? 0)]),
      ...others.map((gameId) => joinGame(t.db, organizer, gameId)),
      deleteAccountData(t.db, organizer),
    ];
    const outcomes = await Promise.allSettled(attempts);
    const unexpected = outcomes.filter(
      (o) =>
        o.status === "rejected" &&
        ![401, 409].includes((o.reason as { statusCode?: number }).statusCode ?? 0),
    );
    expect(unexpected).toEqual([]);

    for (const gameId of [...organized, ...others]) {
      const row = await seats(gameId);
      expect(row.currentPlayers).toBe(row.seats);
    }
    for (const gameId of organized) expect((await seats(gameId)).status).toBe("cancelled");
    const kept = await t.db
      .select()
      .from(gameParticipants)
      .innerJoin(games, eq(games.id, gameParticipants.gameId))
      .where(
        and(
          eq(gameParticipants.userId, organizer),
          sql`${games.scheduledAt} > now()`,
          sql`${games.status} <> 'cancelled'`,
        ),
      );
    expect(kept).toEqual([]);
    const [row] = await t.db
      .select({ deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, organizer));
    expect(row?.deletedAt).not.toBeNull();
    // A join that reaches the database after the deletion (it waited on the users row) is refused.
    await expect(joinGame(t.db, organizer, others[0] ?? 0)).rejects.toMatchObject({
      statusCode: 401,
    });
  });
});

describe("download my data", () => {
  it("is an attachment with the player's own record and nobody else's private data", async () => {
    const user = await signUpUser(t.app);
    const id = await userIdOf(user.email);
    const friend = await insertPlayer(t.db, {
      nickname: "Friend",
      email: "friend.private@example.com",
    });
    const played = await insertDecidedGame(t.db, {
      courtId,
      winners: [id],
      losers: [friend],
      startsInHours: -30,
      organizerId: friend,
    });
    await insertRating(t.db, { gameId: played, raterId: id, rateeId: friend, rating: 5 });
    await insertRating(t.db, { gameId: played, raterId: friend, rateeId: id, rating: 2 });
    await t.db.insert(favoriteCourts).values({ userId: id, courtId });
    await checkIn(t.db, id, courtId);
    await t.db.insert(gameAttendance).values({ gameId: played, userId: id, markedBy: "check_in" });
    await t.db
      .insert(gameDrops)
      .values({ gameId: played, userId: id, droppedAt: new Date(), late: false });
    await t.db.insert(friendships).values([
      { userId: id, friendId: friend },
      { userId: friend, friendId: id },
    ]);
    const asker = await insertPlayer(t.db, { nickname: "Asker" });
    const asked = await insertPlayer(t.db, { nickname: "Asked" });
    await t.db.insert(friendRequests).values([
      { fromId: asker, toId: id, declinedAt: new Date() },
      { fromId: id, toId: asked, declinedAt: new Date() },
    ]);
    await t.db.insert(playerBlocks).values([
      { blockerId: id, blockedId: asked },
      { blockerId: asker, blockedId: id },
    ]);
    await t.db.insert(reports).values([
      { reporterId: id, kind: "player", targetId: asked, reportedUserId: asked, reason: "spam" },
      { reporterId: asker, kind: "player", targetId: id, reportedUserId: id, reason: "spam" },
    ]);

    const response = await callApi(t.app, "GET", "/api/account/export", user.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="ball-with-the-bros-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = response.json();
    expect(data.account.email).toBe(user.email);
    expect(data.seats.map((s: { gameId: number }) => s.gameId)).toContain(played);
    expect(data.results).toEqual([expect.objectContaining({ gameId: played, myTeam: "A" })]);
    expect(data.ratingsGiven).toEqual([expect.objectContaining({ rateeId: friend, rating: 5 })]);
    expect(data.checkIns).toHaveLength(1);
    expect(data.favoriteCourts).toEqual([expect.objectContaining({ courtId })]);
    expect(data.attendance).toEqual([
      expect.objectContaining({ gameId: played, markedBy: "check_in" }),
    ]);
    expect(data.drops).toEqual([expect.objectContaining({ gameId: played, late: false })]);
    expect(data.friends).toEqual([expect.objectContaining({ userId: friend })]);
    expect(data.friendRequestsReceived).toEqual([
      expect.objectContaining({ fromUserId: asker, declinedAt: expect.any(String) }),
    ]);
    // Whether Asked declined is Asked's to know.
    expect(data.friendRequestsSent).toEqual([{ toUserId: asked, sentAt: expect.any(String) }]);
    expect(data.reportsMade).toEqual([
      expect.objectContaining({ kind: "player", targetId: asked, reason: "spam", status: "open" }),
    ]);
    // The player's own blocks; Asker's block of them is Asker's.
    expect(data.blocked).toEqual([{ userId: asked, since: expect.any(String) }]);
    for (const key of [
      "profile",
      "settings",
      "notifications",
      "courtRatings",
      "courtReports",
      "courtSuggestions",
      "badges",
      "runsOrganized",
      "runsAsRegular",
    ]) {
      expect(data).toHaveProperty(key);
    }
    // Not in it: the password hash, any session, another player's e-mail or the rating they gave.
    expect(response.body).not.toContain("argon2");
    expect(response.body).not.toContain("friend.private@example.com");
    expect(JSON.stringify(data.ratingsGiven)).not.toContain('"rating":2');
    expect((await callApi(t.app, "GET", "/api/account/export")).statusCode).toBe(401);
  });

  it("an account signed in by cookie only reads its own data", async () => {
    const other = await insertPlayer(t.db, { email: "someone.else@example.com" });
    const cookie = await sessionCookieFor(t.app, t.db, other);
    const data = (await callApi(t.app, "GET", "/api/account/export", cookie)).json();
    expect(data.account.id).toBe(other);
  });
});
