import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  leaderboardCityListSchema,
  leaderboardSchema,
  localLeaderboardQuerySchema,
} from "../../../common/leaderboard.ts";
import { apiErrorSchema } from "../../../common/user.ts";
import type { Db } from "../../db/client.ts";
import { encodedOnce, notModifiedSchema, sendEncoded } from "../../lib/encoded-answers.ts";
import { homePlaceOf, type Place } from "./service.ts";
import { sharedCities, sharedGlobal, sharedLocal, sharedWeekly } from "./shared-boards.ts";

/**
 * The leaderboards (product §2 /leaderboard): public, visitors see them too. Only players who
 * show their stats are listed, and the local board only those who show their location. Each
 * board is shared by every viewer (shared-boards.ts) and sent as it was encoded once, with an
 * ETag: a browser holding the current board gets a 304.
 */
export async function leaderboardRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const board = (operationId: string, summary: string) => ({
    schema: {
      operationId,
      summary,
      tags: ["leaderboard"],
      response: { 200: leaderboardSchema, 304: notModifiedSchema },
    },
  });

  r.get(
    "/api/leaderboard/global",
    board("getGlobalLeaderboard", "The top 50 players of all time."),
    async (request, reply) => sendEncoded(request, reply, encodedOnce(await sharedGlobal(db))),
  );

  r.get(
    "/api/leaderboard/weekly",
    board("getWeeklyLeaderboard", "The top 50 players of the last 7 days."),
    async (request, reply) => sendEncoded(request, reply, encodedOnce(await sharedWeekly(db))),
  );

  r.get(
    "/api/leaderboard/local",
    {
      schema: {
        operationId: "getLocalLeaderboard",
        summary: "The top 50 players of one city.",
        tags: ["leaderboard"],
        description:
          "Players of one city: the one asked for, else the signed-in viewer's own; a visitor without a city gets an empty list.",
        querystring: localLeaderboardQuerySchema,
        response: { 200: leaderboardSchema, 304: notModifiedSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { city, state } = request.query;
      const viewerId = request.session?.userId;
      let place: Place | null = null;
      if (city !== undefined && state !== undefined) place = { city, state };
      else if (viewerId) place = await homePlaceOf(db, viewerId);
      const board = place ? await sharedLocal(db, place) : [];
      return sendEncoded(request, reply, encodedOnce(board));
    },
  );

  r.get(
    "/api/leaderboard/cities",
    {
      schema: {
        operationId: "listLeaderboardCities",
        summary: "The cities that have a local leaderboard.",
        tags: ["leaderboard"],
        response: { 200: leaderboardCityListSchema, 304: notModifiedSchema },
      },
    },
    async (request, reply) => sendEncoded(request, reply, encodedOnce(await sharedCities(db))),
  );
}
