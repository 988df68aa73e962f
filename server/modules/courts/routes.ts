import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
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
      schema: { response: { 200: courtListSchema } },
      // The body is JSON text built by PostgreSQL (see listActiveCourtsJson): re-validating
      // and re-serialising 10,000 courts here would cost more than the query itself.
      serializerCompiler: () => (data) => data as string,
    },
    async (_request, reply) =>
      reply.type("application/json; charset=utf-8").send(await listActiveCourtsJson(db)),
  );

  r.get(
    "/api/courts/:id/games",
    {
      schema: {
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
      { schema: { response: { 200: favoriteCourtIdsSchema, 401: apiErrorSchema } } },
      async (request) => listFavoriteCourtIds(db, userIdOf(request)),
    );

    const favoriteSchema = {
      params: courtIdParamsSchema,
      response: { 204: noContent, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
    };

    s.put("/api/courts/:id/favorite", { schema: favoriteSchema }, async (request, reply) => {
      await addFavoriteCourt(db, userIdOf(request), request.params.id);
      return reply.status(204).send(null);
    });

    s.delete("/api/courts/:id/favorite", { schema: favoriteSchema }, async (request, reply) => {
      await removeFavoriteCourt(db, userIdOf(request), request.params.id);
      return reply.status(204).send(null);
    });
  });
}
