import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { editGameInputSchema, gameLineSchema } from "../../../common/game-line.ts";
import { gameIdParamsSchema, gameSchema } from "../../../common/games.ts";
import { apiErrorSchema } from "../../../common/user.ts";
import { requireUser, userIdOf } from "../../auth/session-plugin.ts";
import type { Db } from "../../db/client.ts";
import { joinLine, leaveLine, lineOf } from "./line.ts";
import { editGame } from "./service.ts";

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const params = gameIdParamsSchema;
const tags = ["games"];

/** A full game's waiting line, and the organizer's edit that can open seats for it. */
export async function gameLineRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/games/:id/line",
    {
      schema: {
        operationId: "getGameLine",
        summary: "How many wait in a game's line, and the caller's place in it.",
        tags,
        params,
        response: { 200: gameLineSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => lineOf(db, request.params.id, request.session?.userId ?? null),
  );

  await app.register(async (signedIn) => {
    signedIn.addHook("onRequest", requireUser);
    const s = signedIn.withTypeProvider<ZodTypeProvider>();

    s.post(
      "/api/games/:id/line",
      {
        schema: {
          operationId: "joinWaitingList",
          summary: "Join the waiting line of a full game.",
          tags,
          params,
          response: { 200: gameLineSchema, ...errors },
        },
      },
      async (request) => joinLine(db, userIdOf(request), request.params.id),
    );

    s.delete(
      "/api/games/:id/line",
      {
        schema: {
          operationId: "leaveWaitingList",
          summary: "Leave a game's waiting line.",
          tags,
          params,
          response: { 200: gameLineSchema, ...errors },
        },
      },
      async (request) => leaveLine(db, userIdOf(request), request.params.id),
    );

    s.patch(
      "/api/games/:id",
      {
        schema: {
          operationId: "editGame",
          summary: "The organizer changes the number of players; new seats go to the line.",
          tags,
          params,
          body: editGameInputSchema,
          response: { 200: gameSchema, ...errors },
        },
      },
      async (request) => editGame(db, userIdOf(request), request.params.id, request.body),
    );
  });
}
