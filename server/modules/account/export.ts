import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  contactMessages,
  courtCheckIns,
  courtConditionReports,
  courtRatings,
  courtSuggestions,
  courtSuggestionVotes,
  courts,
  favoriteCourts,
  friendRequests,
  friendships,
  gameAttendance,
  gameDrops,
  gameMessages,
  gameParticipants,
  gameResults,
  games,
  notifications,
  playerBadges,
  playerBlocks,
  playerProfiles,
  playerRatings,
  reports,
  runRegulars,
  runs,
  userSettings,
  users,
} from "../../db/schema.ts";

/**
 * Settings → Download my data: everything the account holds about its player, as JSON. Rows
 * about other players appear only as far as they are this player's own record (a seat in a
 * game, a rating they gave); nobody else's profile, e-mail or messages are included. Password
 * hashes and session tokens are never part of it.
 */
export async function exportAccountData(db: Db, userId: string) {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      emailConfirmedAt: users.emailConfirmedAt,
      pendingEmail: users.pendingEmail,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      city: users.city,
      state: users.state,
      country: users.country,
      latitude: users.latitude,
      longitude: users.longitude,
      hasCompletedOnboarding: users.hasCompletedOnboarding,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  const game = {
    id: games.id,
    title: games.title,
    courtId: games.courtId,
    courtName: courts.name,
    scheduledAt: games.scheduledAt,
    status: games.status,
    gameType: games.gameType,
    maxPlayers: games.maxPlayers,
  };
  const [profile] = await db.select().from(playerProfiles).where(eq(playerProfiles.userId, userId));
  const [settings] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  return {
    exportedAt: new Date().toISOString(),
    account: user ?? null,
    profile: profile ?? null,
    settings: settings ?? null,
    gamesOrganized: await db
      .select(game)
      .from(games)
      .innerJoin(courts, eq(courts.id, games.courtId))
      .where(eq(games.organizerId, userId)),
    seats: await db
      .select({
        gameId: gameParticipants.gameId,
        status: gameParticipants.status,
        team: gameParticipants.team,
        joinedAt: gameParticipants.joinedAt,
        game,
      })
      .from(gameParticipants)
      .innerJoin(games, eq(games.id, gameParticipants.gameId))
      .innerJoin(courts, eq(courts.id, games.courtId))
      .where(eq(gameParticipants.userId, userId)),
    results: await db
      .select({
        gameId: gameResults.gameId,
        teamAScore: gameResults.teamAScore,
        teamBScore: gameResults.teamBScore,
        recordedAt: gameResults.recordedAt,
        myTeam: gameParticipants.team,
      })
      .from(gameResults)
      .innerJoin(gameParticipants, eq(gameParticipants.gameId, gameResults.gameId))
      .where(eq(gameParticipants.userId, userId)),
    ratingsGiven: await db
      .select({
        gameId: playerRatings.gameId,
        rateeId: playerRatings.rateeId,
        rating: playerRatings.rating,
        createdAt: playerRatings.createdAt,
      })
      .from(playerRatings)
      .where(eq(playerRatings.raterId, userId)),
    badges: await db
      .select({ badgeType: playerBadges.badgeType, earnedAt: playerBadges.earnedAt })
      .from(playerBadges)
      .where(eq(playerBadges.userId, userId)),
    messagesSent: await db
      .select({
        gameId: gameMessages.gameId,
        body: gameMessages.body,
        createdAt: gameMessages.createdAt,
      })
      .from(gameMessages)
      .where(eq(gameMessages.senderId, userId)),
    checkIns: await db
      .select({
        courtId: courtCheckIns.courtId,
        courtName: courts.name,
        checkedInAt: courtCheckIns.checkedInAt,
        checkedOutAt: courtCheckIns.checkedOutAt,
      })
      .from(courtCheckIns)
      .innerJoin(courts, eq(courts.id, courtCheckIns.courtId))
      .where(eq(courtCheckIns.userId, userId)),
    notifications: await db
      .select({
        kind: notifications.kind,
        gameId: notifications.gameId,
        courtId: notifications.courtId,
        payload: notifications.payload,
        createdAt: notifications.createdAt,
        readAt: notifications.readAt,
      })
      .from(notifications)
      .where(eq(notifications.userId, userId)),
    favoriteCourts: await db
      .select({
        courtId: favoriteCourts.courtId,
        courtName: courts.name,
        createdAt: favoriteCourts.createdAt,
      })
      .from(favoriteCourts)
      .innerJoin(courts, eq(courts.id, favoriteCourts.courtId))
      .where(eq(favoriteCourts.userId, userId)),
    courtRatings: await db
      .select({
        courtId: courtRatings.courtId,
        rating: courtRatings.rating,
        updatedAt: courtRatings.updatedAt,
      })
      .from(courtRatings)
      .where(eq(courtRatings.userId, userId)),
    courtReports: await db
      .select({
        courtId: courtConditionReports.courtId,
        kind: courtConditionReports.kind,
        note: courtConditionReports.note,
        createdAt: courtConditionReports.createdAt,
      })
      .from(courtConditionReports)
      .where(eq(courtConditionReports.userId, userId)),
    courtSuggestions: await db
      .select()
      .from(courtSuggestions)
      .where(eq(courtSuggestions.userId, userId)),
    courtSuggestionVotes: await db
      .select({
        suggestionId: courtSuggestionVotes.suggestionId,
        agree: courtSuggestionVotes.agree,
        createdAt: courtSuggestionVotes.createdAt,
      })
      .from(courtSuggestionVotes)
      .where(eq(courtSuggestionVotes.userId, userId)),
    // The weekly run: where the player was marked present, the seats they gave up, their runs.
    attendance: await db
      .select({
        gameId: gameAttendance.gameId,
        markedBy: gameAttendance.markedBy,
        markedAt: gameAttendance.markedAt,
      })
      .from(gameAttendance)
      .where(eq(gameAttendance.userId, userId)),
    drops: await db
      .select({ gameId: gameDrops.gameId, droppedAt: gameDrops.droppedAt, late: gameDrops.late })
      .from(gameDrops)
      .where(eq(gameDrops.userId, userId)),
    runsOrganized: await db.select().from(runs).where(eq(runs.organizerId, userId)),
    runsAsRegular: await db
      .select({
        runId: runRegulars.runId,
        countMeIn: runRegulars.countMeIn,
        createdAt: runRegulars.createdAt,
      })
      .from(runRegulars)
      .where(eq(runRegulars.userId, userId)),
    // Friends: who, since when, and the requests this player sent or was sent. Whether the
    // other player declined one is theirs to know, not part of this player's record.
    friends: await db
      .select({ userId: friendships.friendId, since: friendships.createdAt })
      .from(friendships)
      .where(eq(friendships.userId, userId)),
    friendRequestsSent: await db
      .select({ toUserId: friendRequests.toId, sentAt: friendRequests.createdAt })
      .from(friendRequests)
      .where(and(eq(friendRequests.fromId, userId), isNull(friendRequests.withdrawnAt))),
    friendRequestsReceived: await db
      .select({
        fromUserId: friendRequests.fromId,
        sentAt: friendRequests.createdAt,
        declinedAt: friendRequests.declinedAt,
      })
      .from(friendRequests)
      .where(and(eq(friendRequests.toId, userId), isNull(friendRequests.withdrawnAt))),
    // The players this one blocked; who blocked them is the others' to know.
    blocked: await db
      .select({ userId: playerBlocks.blockedId, since: playerBlocks.createdAt })
      .from(playerBlocks)
      .where(eq(playerBlocks.blockerId, userId)),
    contactMessages: await db
      .select({
        subject: contactMessages.subject,
        message: contactMessages.message,
        createdAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .where(eq(contactMessages.userId, userId)),
    // The reports this player made; reports about them are the operators' record.
    reportsMade: await db
      .select({
        kind: reports.kind,
        targetId: reports.targetId,
        reason: reports.reason,
        details: reports.details,
        createdAt: reports.createdAt,
        status: reports.status,
      })
      .from(reports)
      .where(eq(reports.reporterId, userId)),
  };
}
