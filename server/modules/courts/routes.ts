import type { FastifyInstance } from "fastify";
import { serializerCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  courtGameListSchema,
  courtIdParamsSchema,
  courtListSchema,
  favoriteCourtIdsSchema,
} from "../../../common/courts.ts";
import { apiErrorSchema } from "../../../common/user.ts";
import { requireUser, userIdOf } from "../../auth/session-plugin.ts";
import type { Db } from "../../db/client.ts";
import {
  addFavoriteCourt,
  listActiveCourtsJson,
  listFavoriteCourtIds,
  listUpcomingCourtGames,
  removeFavoriteCourt,
} from "./service.ts";

const noContent = z.null().describe("No content");

/** The courts directory (spec §2, §7): public reads, and the signed-in user's favorites. */
export async function courtsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/courts",
    {
      schema: {
        operationId: "listCourts",
        summary: "Every active court, for the directory and the map.",
        tags: ["courts"],
        response: { 200: courtListSchema },
      },
      // The body is JSON text built by PostgreSQL (see listActiveCourtsJson): re-validating
      // and re-serialising 10,000 courts here would cost more than the query itself. Errors
      // are objects and go through the usual serializer.
      serializerCompiler: (route) =>
        route.httpStatus === "200"
          ? (data) => data as string
          : serializerCompiler(route as unknown as Parameters<typeof serializerCompiler>[0]),
    },
    async (_request, reply) =>
      reply.type("application/json; charset=utf-8").send(await listActiveCourtsJson(db)),
  );

  r.get(
    "/api/courts/:id/games",
    {
      schema: {
        operationId: "listCourtGames",
        summary: "A court's upcoming games.",
        tags: ["courts"],
        params: courtIdParamsSchema,
        response: { 200: courtGameListSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => listUpcomingCourtGames(db, request.params.id),
  );

  // Favorites belong to the caller only: every route below reads the user from the session,
  // never from the request, and the guard answers 401 before the id is even validated.
  await app.register(async (signedIn) => {
    signedIn.addHook("onRequest", requireUser);
    const s = signedIn.withTypeProvider<ZodTypeProvider>();

    s.get(
      "/api/courts/favorites",
      {
        schema: {
          operationId: "listFavoriteCourts",
          summary: "The ids of the signed-in player's favorite courts.",
          tags: ["courts"],
          response: { 200: favoriteCourtIdsSchema, 401: apiErrorSchema },
        },
      },
      async (request) => listFavoriteCourtIds(db, userIdOf(request)),
    );

    const favoriteSchema = (operationId: string, summary: string) => ({
      operationId,
      summary,
      tags: ["courts"],
      params: courtIdParamsSchema,
      response: { 204: noContent, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
    });

    s.put(
      "/api/courts/:id/favorite",
      { schema: favoriteSchema("addFavoriteCourt", "Make a court one of the player's favorites.") },
      async (request, reply) => {
        await addFavoriteCourt(db, userIdOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    s.delete(
      "/api/courts/:id/favorite",
      { schema: favoriteSchema("removeFavoriteCourt", "Take a court off the player's favorites.") },
      async (request, reply) => {
        await removeFavoriteCourt(db, userIdOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  });
}
