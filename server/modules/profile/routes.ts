import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  badgeSchema,
  playerStatsSchema,
  profileInputSchema,
  recentGameSchema,
} from "../../../common/profile.ts";
import { apiErrorSchema, profileSchema } from "../../../common/user.ts";
import { requireUser, userIdOf } from "../../auth/session-plugin.ts";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../lib/http-error.ts";
import { invalidateLeaderboards } from "../leaderboard/shared-boards.ts";
import { nearbyPlayerChanged } from "../players/player-changed.ts";
import { findProfile, playerBadgeList, playerStats, recentGames, saveProfile } from "./service.ts";

export const PROFILE_NOT_FOUND = "Profile not found";

const signedInRead = <T extends z.ZodType>(operationId: string, summary: string, body: T) => ({
  schema: { operationId, summary, tags: ["profile"], response: { 200: body, 401: apiErrorSchema } },
});

/**
 * The signed-in player's own profile, stats, games and badges (product §7). Every route reads
 * the player from the session, never from the request: nobody can read or write another's.
 */
export async function profileRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.addHook("onRequest", requireUser);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/profile",
    {
      schema: {
        operationId: "saveProfile",
        summary: "Create or update the signed-in player's profile.",
        tags: ["profile"],
        body: profileInputSchema,
        response: {
          200: profileSchema,
          201: profileSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { profile, created } = await saveProfile(db, userIdOf(request), request.body);
      invalidateLeaderboards(db); // boards show the nickname, position and area
      await nearbyPlayerChanged(db, userIdOf(request)); // so do nearby cards
      return reply.status(created ? 201 : 200).send(profile);
    },
  );

  r.get(
    "/api/user/profile",
    {
      schema: {
        operationId: "getProfile",
        summary: "The signed-in player's profile.",
        tags: ["profile"],
        response: { 200: profileSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const profile = await findProfile(db, userIdOf(request));
      if (!profile) throw notFound(PROFILE_NOT_FOUND);
      return profile;
    },
  );

  r.get(
    "/api/user/stats",
    signedInRead("getStats", "The signed-in player's stats and points.", playerStatsSchema),
    async (request) => playerStats(db, userIdOf(request)),
  );

  r.get(
    "/api/user/games",
    signedInRead(
      "listRecentGames",
      "The signed-in player's latest played games.",
      z.array(recentGameSchema),
    ),
    async (request) => recentGames(db, userIdOf(request)),
  );

  // Spec §7 reads the caller's badges under two names: the profile's and the dashboard's.
  const badgeRoutes = [
    ["/api/user/achievements", "listAchievements"],
    ["/api/badges/my", "listMyBadges"],
  ] as const;
  for (const [url, operationId] of badgeRoutes) {
    const summary = "The badges the signed-in player has earned.";
    r.get(url, signedInRead(operationId, summary, z.array(badgeSchema)), async (request) =>
      playerBadgeList(db, userIdOf(request)),
    );
  }
}
