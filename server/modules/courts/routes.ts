import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  courtGameListSchema,
  courtIdParamsSchema,
  courtListQuerySchema,
  courtListSchema,
  courtOverviewSchema,
  courtTileParamsSchema,
  courtTileQuerySchema,
  courtTileSchema,
  favoriteCourtIdsSchema,
} from "../../../common/courts.ts";
import { apiErrorSchema } from "../../../common/user.ts";
import { requireUser, userIdOf } from "../../auth/session-plugin.ts";
import type { Db } from "../../db/client.ts";
import { notModifiedSchema, sendEncoded } from "../../lib/encoded-answers.ts";
import type { LiveHub } from "../events/hub.ts";
import { type CourtMapChanges, createMapAnswers } from "./map-answers.ts";
import {
  addFavoriteCourt,
  listFavoriteCourtIds,
  listUpcomingCourtGames,
  removeFavoriteCourt,
} from "./service.ts";

const noContent = z.null().describe("No content");
const notModified = notModifiedSchema;

/** The courts directory (product §2, §7): public reads, and the signed-in user's favorites. */
export async function courtsRoutes(
  app: FastifyInstance,
  {
    db,
    hub,
    courtMapChanges,
  }: {
    db: Db;
    hub?: Pick<LiveHub, "onEvent">;
    courtMapChanges?: CourtMapChanges;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const mapAnswers = createMapAnswers(db, { changes: courtMapChanges });
  app.addHook("onClose", () => mapAnswers.stop());
  const stopListening = hub?.onEvent(({ event }) => {
    if (event.type === "court.changed") mapAnswers.liveCountsChanged();
  });
  app.addHook("onClose", async () => stopListening?.());

  // Spec §7's list, at national scale: one page at a time (decisions §33).
  r.get(
    "/api/courts",
    {
      schema: {
        operationId: "listCourts",
        summary: "One page of active courts: in a map box, matching a search, or by id.",
        tags: ["courts"],
        querystring: courtListQuerySchema,
        response: { 200: courtListSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const page = await mapAnswers.page(request.query);
      reply.header("x-total-count", String(page.total));
      return sendEncoded(request, reply, page);
    },
  );

  r.get(
    "/api/courts/tiles/:z/:x/:y",
    {
      schema: {
        operationId: "getCourtTile",
        summary: "The map's courts in one tile: single courts and clusters, filtered.",
        tags: ["courts"],
        params: courtTileParamsSchema,
        querystring: courtTileQuerySchema,
        response: { 200: courtTileSchema, 304: notModified, 400: apiErrorSchema },
      },
    },
    async (request, reply) =>
      sendEncoded(request, reply, await mapAnswers.tile(request.params, request.query)),
  );

  // Public like the directory: it shows nothing about who is checked in, only how many.
  r.get(
    "/api/courts/popular",
    {
      schema: {
        operationId: "listPopularCourts",
        summary: "The ten courts with the most players checked in now.",
        tags: ["checkins"],
        response: { 200: courtListSchema, 304: notModified },
      },
    },
    async (request, reply) => sendEncoded(request, reply, await mapAnswers.popular()),
  );

  r.get(
    "/api/courts/overview",
    {
      schema: {
        operationId: "getCourtOverview",
        summary: "How many active courts there are, how many players are on them, and where.",
        tags: ["courts"],
        response: { 200: courtOverviewSchema, 304: notModified },
      },
    },
    async (request, reply) => sendEncoded(request, reply, await mapAnswers.overview()),
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
