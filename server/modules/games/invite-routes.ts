import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { gameIdParamsSchema } from "../../../common/games.ts";
import {
  invitableGameListSchema,
  invitableGamesQuerySchema,
  inviteInputSchema,
  inviteResultSchema,
  needMoreInputSchema,
  needMoreResultSchema,
} from "../../../common/invites.ts";
import { apiErrorSchema } from "../../../common/user.ts";
import { requireUser, userIdOf } from "../../auth/session-plugin.ts";
import type { Db } from "../../db/client.ts";
import { invitableGames, invitePlayer, needMore } from "./invites.ts";

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};
const tags = ["games"];

/** Invitations to a game and the organizer's 'Need N more'. Signed in only. */
export async function gameInviteRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.addHook("onRequest", requireUser);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/games/invitable",
    {
      schema: {
        operationId: "listInvitableGames",
        summary: "The caller's upcoming games with room that a player can be invited to.",
        tags,
        querystring: invitableGamesQuerySchema,
        response: { 200: invitableGameListSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => invitableGames(db, userIdOf(request), request.query.playerId),
  );

  r.post(
    "/api/games/:id/invites",
    {
      schema: {
        operationId: "invitePlayer",
        summary: "Invite a player to a game the caller holds a spot in.",
        tags,
        params: gameIdParamsSchema,
        body: inviteInputSchema,
        response: { 200: inviteResultSchema, ...errors },
      },
    },
    async (request) => invitePlayer(db, userIdOf(request), request.params.id, request.body),
  );

  r.post(
    "/api/games/:id/asks",
    {
      schema: {
        operationId: "askForPlayers",
        summary: "The organizer asks nearby players of similar skill to fill N spots.",
        tags,
        params: gameIdParamsSchema,
        body: needMoreInputSchema,
        response: { 200: needMoreResultSchema, ...errors },
      },
    },
    async (request) => needMore(db, userIdOf(request), request.params.id, request.body),
  );
}
