import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  gameIdParamsSchema,
  gameMessagePageSchema,
  gameMessageSchema,
  gameSchema,
  givenRatingsSchema,
  rateInputSchema,
  recordResultInputSchema,
  sendMessageInputSchema,
  threadQuerySchema,
} from "../../../common/games.ts";
import { apiErrorSchema } from "../../../common/user.ts";
import { requireUser, userIdOf } from "../../auth/session-plugin.ts";
import type { Db } from "../../db/client.ts";
import { invalidateLeaderboards } from "../leaderboard/shared-boards.ts";
import { getGame } from "./game-reads.ts";
import { sendMessage, threadMessages } from "./messages.ts";
import { givenRatings, ratePlayers } from "./ratings.ts";
import { recordResult } from "./results.ts";

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};

/**
 * What happens around a game besides seats: its result (organizer), players rating one another
 * after it, and its thread (organizer and seated players). Signed in only; the caller always acts as themself.
 */
export async function gameResultRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.addHook("onRequest", requireUser);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = gameIdParamsSchema;
  const tags = ["games"];

  r.post(
    "/api/games/:id/result",
    {
      schema: {
        operationId: "recordGameResult",
        summary: "Record or correct a game's final score and teams (its organizer).",
        tags,
        params,
        body: recordResultInputSchema,
        response: { 200: gameSchema, ...errors },
      },
    },
    async (request) => {
      const game = await recordResult(db, userIdOf(request), request.params.id, request.body);
      invalidateLeaderboards(db);
      return game;
    },
  );

  r.get(
    "/api/games/:id/ratings",
    {
      schema: {
        operationId: "listGivenRatings",
        summary: "The ratings the signed-in player gave in a game.",
        tags,
        params,
        response: { 200: givenRatingsSchema, ...errors },
      },
    },
    async (request) => {
      await getGame(db, request.params.id); // 404 for a game that does not exist
      return givenRatings(db, userIdOf(request), request.params.id);
    },
  );

  r.post(
    "/api/games/:id/ratings",
    {
      schema: {
        operationId: "ratePlayers",
        summary: "Rate other players of a completed game, 1 to 5.",
        tags,
        params,
        body: rateInputSchema,
        response: { 200: givenRatingsSchema, ...errors },
      },
    },
    async (request) => ratePlayers(db, userIdOf(request), request.params.id, request.body),
  );

  r.post(
    "/api/games/:id/messages",
    {
      schema: {
        operationId: "sendGameMessage",
        summary: "Write in a game's thread (its organizer and seated players).",
        tags,
        params,
        body: sendMessageInputSchema,
        response: { 201: gameMessageSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await sendMessage(db, userIdOf(request), request.params.id, request.body)),
  );

  r.get(
    "/api/games/:id/messages",
    {
      schema: {
        operationId: "listGameMessages",
        summary: "A game's thread, newest first, a page at a time.",
        tags,
        params,
        querystring: threadQuerySchema,
        response: { 200: gameMessagePageSchema, ...errors },
      },
    },
    async (request) => threadMessages(db, userIdOf(request), request.params.id, request.query),
  );
}
