import { and, asc, eq, inArray, ne, or, sql } from "drizzle-orm";
import { DELETED_PLAYER_NAME } from "../../../common/account.ts";
import type { Db, Tx } from "../../db/client.ts";
import { gameUpcomingSql } from "../../db/game-lifecycle.ts";
import { lockGame } from "../../db/game-lock.ts";
import {
  accountTokens,
  calendarFeeds,
  cantMakeItUses,
  contactMessages,
  courtCheckIns,
  courtConditionConfirmations,
  courtConditionReports,
  favoriteCourts,
  friendRequests,
  friendships,
  gameAttendance,
  gameDrops,
  gameLine,
  gameMessages,
  gameParticipants,
  games,
  notifications,
  playerBadges,
  playerBlocks,
  playerProfiles,
  pushSubscriptions,
  runOrganizers,
  runRegulars,
  runs,
  sessions,
  userCredentials,
  userIdentities,
  userOnboarding,
  userSettings,
  users,
} from "../../db/schema.ts";
import { withRetry } from "../../lib/retry.ts";
import { endOpenCheckIn } from "../checkins/service.ts";
import { gameCancelled, seatChanged } from "../games/game-notices.ts";
import { clearLine, fillFromLine } from "../games/line.ts";
import { invalidateLeaderboards } from "../leaderboard/shared-boards.ts";
import { nearbyPlayerChanged } from "../players/player-changed.ts";
import { withdrawOffersOf } from "../seat-offers/offers.ts";
import { checkPassword } from "./service.ts";

/** Settings → Delete account: the password again, then deleteAccountData. */
export async function deleteAccount(db: Db, userId: string, password: string): Promise<void> {
  await checkPassword(db, userId, password);
  await deleteAccountData(db, userId);
}

/**
 * Deletes an account in one transaction (decisions §46). What is the player's alone goes: sign-in
 * (sessions, links, password, identities), profile, settings, devices, favourites, inbox, badges,
 * check-ins (the open one ends first, so the court's count drops), court condition reports and
 * messages sent, showing-up records and drops, run memberships, calendar feed. Runs they organized
 * end and their upcoming games are cancelled, players told; seats in others' upcoming games are
 * given up (the organizer told) and seat offers passed on. What other players' records rest on
 * stays, under a users row emptied to "Deleted player": played games and their seats, results,
 * player and court ratings, court suggestions and votes.
 *
 * The users row is locked first (FOR UPDATE): a join, check-in or game creation of this player
 * already under way finishes before, and any later one finds the account deleted.
 */
export async function deleteAccountData(db: Db, userId: string): Promise<void> {
  await withRetry(() =>
    db.transaction(async (tx) => {
      const [user] = await tx
        .select({ deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, userId))
        // Not "for update": that would also hold off the key-share locks that every notice to
        // this player takes (its foreign key), while a join holding one of their games waits
        // for one; a seat change of the player's own takes "for share" and still waits here.
        .for("no key update");
      if (!user || user.deletedAt) return;
      await tx.delete(sessions).where(sql`${sessions.sess}->>'userId' = ${userId}`);
      // Runs first: a date being made for one waits for its row, then the run is ended.
      await endOrganizedRuns(tx, userId);
      await cancelOrganizedGames(tx, userId);
      await leaveUpcomingSeats(tx, userId);
      await tx.delete(gameLine).where(eq(gameLine.userId, userId));
      await withdrawOffersOf(tx, userId);
      await endOpenCheckIn(tx, userId);
      // Rows that are the player's alone; the profile last (other tables read it for names).
      await tx.delete(accountTokens).where(eq(accountTokens.userId, userId));
      await tx.delete(userCredentials).where(eq(userCredentials.userId, userId));
      await tx.delete(userIdentities).where(eq(userIdentities.userId, userId));
      await tx.delete(userSettings).where(eq(userSettings.userId, userId));
      await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
      await tx.delete(favoriteCourts).where(eq(favoriteCourts.userId, userId));
      await tx.delete(notifications).where(eq(notifications.userId, userId));
      await tx.delete(playerBadges).where(eq(playerBadges.userId, userId));
      await tx.delete(userOnboarding).where(eq(userOnboarding.userId, userId));
      await tx.delete(courtCheckIns).where(eq(courtCheckIns.userId, userId));
      await tx
        .delete(courtConditionConfirmations)
        .where(eq(courtConditionConfirmations.userId, userId));
      await tx.delete(courtConditionReports).where(eq(courtConditionReports.userId, userId));
      await tx.delete(playerProfiles).where(eq(playerProfiles.userId, userId));
      await tx.delete(gameMessages).where(eq(gameMessages.senderId, userId));
      // The weekly run's rows about the player: their showing up, their runs, their feed.
      await tx.delete(gameAttendance).where(eq(gameAttendance.userId, userId));
      await tx.delete(gameDrops).where(eq(gameDrops.userId, userId));
      await tx.delete(runRegulars).where(eq(runRegulars.userId, userId));
      await tx.delete(runOrganizers).where(eq(runOrganizers.userId, userId));
      await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
      await tx.delete(cantMakeItUses).where(eq(cantMakeItUses.userId, userId));
      // Friends, both ways: nobody keeps a deleted player on their list or their requests.
      await tx
        .delete(friendships)
        .where(or(eq(friendships.userId, userId), eq(friendships.friendId, userId)));
      await tx
        .delete(friendRequests)
        .where(or(eq(friendRequests.fromId, userId), eq(friendRequests.toId, userId)));
      // What they wrote through the contact form, signed in, is theirs (decision 117).
      await tx.delete(contactMessages).where(eq(contactMessages.userId, userId));
      // Blocks, both ways: a deleted player is nobody to be kept apart from (decision 114).
      await tx
        .delete(playerBlocks)
        .where(or(eq(playerBlocks.blockerId, userId), eq(playerBlocks.blockedId, userId)));
      await tx
        .update(users)
        .set({
          email: null,
          pendingEmail: null,
          emailConfirmedAt: null,
          firstName: DELETED_PLAYER_NAME,
          lastName: null,
          profileImageUrl: null,
          latitude: null,
          longitude: null,
          city: null,
          state: null,
          hasCompletedOnboarding: false,
          deletedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, userId));
    }),
  );
  invalidateLeaderboards(db);
  await nearbyPlayerChanged(db, userId, { left: true });
}

/** Runs the player organized end: no more dates are made for them. */
async function endOrganizedRuns(tx: Tx, userId: string): Promise<void> {
  const active = await tx
    .select({ id: runs.id })
    .from(runs)
    .where(and(eq(runs.organizerId, userId), eq(runs.status, "active")))
    .for("update");
  if (active.length === 0) return;
  await tx
    .update(runs)
    .set({ status: "ended", endedAt: sql`now()` })
    .where(
      inArray(
        runs.id,
        active.map((run) => run.id),
      ),
    );
}

/** Upcoming games the player organized are called off, each player told (game_cancelled). */
async function cancelOrganizedGames(tx: Tx, userId: string): Promise<void> {
  const organized = await tx
    .select({ id: games.id })
    .from(games)
    .where(and(eq(games.organizerId, userId), gameUpcomingSql))
    .orderBy(asc(games.id));
  for (const { id } of organized) {
    const game = await lockGame(tx, id);
    if (game.status !== "open") continue;
    await tx.update(games).set({ status: "cancelled" }).where(eq(games.id, id));
    // Those waiting in its line are told with the seated, as when an organizer cancels.
    await gameCancelled(tx, id, await clearLine(tx, id));
  }
}

/** Seats in other players' upcoming games are freed, as if the player had left. */
async function leaveUpcomingSeats(tx: Tx, userId: string): Promise<void> {
  const seated = await tx
    .select({ id: games.id })
    .from(gameParticipants)
    .innerJoin(games, eq(games.id, gameParticipants.gameId))
    .where(and(eq(gameParticipants.userId, userId), ne(games.organizerId, userId), gameUpcomingSql))
    .orderBy(asc(games.id));
  for (const { id } of seated) {
    const game = await lockGame(tx, id);
    if (game.status !== "open") continue;
    await tx
      .delete(gameParticipants)
      .where(and(eq(gameParticipants.gameId, id), eq(gameParticipants.userId, userId)));
    await tx
      .update(games)
      .set({ currentPlayers: sql`${games.currentPlayers} - 1` })
      .where(eq(games.id, id));
    await seatChanged(tx, {
      gameId: id,
      playerId: userId,
      joined: false,
      seatsTaken: game.currentPlayers - 1,
      maxPlayers: game.maxPlayers,
    });
    // The freed seat goes to the first in line, as when a player leaves.
    await fillFromLine(tx, { ...game, currentPlayers: game.currentPlayers - 1 }, 1, userId);
  }
}
