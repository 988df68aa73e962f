import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  courtDetailSchema,
  courtPresenceSchema,
  recentCourtGameListSchema,
} from "../../../common/court-page.ts";
import { courtIdParamsSchema } from "../../../common/courts.ts";
import { popularTimesSchema } from "../../../common/popular-times.ts";
import { apiErrorSchema } from "../../../common/user.ts";
import type { Db } from "../../db/client.ts";
import { sharedPopularTimes } from "./popular-times.ts";
import { courtDetail, courtPresence, recentCourtGames } from "./service.ts";

const tags = ["courts"];
const errors = { 400: apiErrorSchema, 404: apiErrorSchema };

/** A court's own page (/courts/{id}): public reads, for retired courts too. */
export async function courtPageRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/courts/:id",
    {
      schema: {
        operationId: "getCourt",
        summary: "One court's facts, also when it is closed for good.",
        tags,
        params: courtIdParamsSchema,
        response: { 200: courtDetailSchema, ...errors },
      },
    },
    async (request) => courtDetail(db, request.params.id),
  );

  r.get(
    "/api/courts/:id/presence",
    {
      schema: {
        operationId: "getCourtPresence",
        summary: "How many players are checked in at the court; names only where privacy allows.",
        tags,
        params: courtIdParamsSchema,
        response: { 200: courtPresenceSchema, ...errors },
      },
    },
    async (request) => courtPresence(db, request.params.id, request.session?.userId ?? null),
  );

  r.get(
    "/api/courts/:id/recent-games",
    {
      schema: {
        operationId: "listRecentCourtGames",
        summary: "The latest played games at the court, with scores.",
        tags,
        params: courtIdParamsSchema,
        response: { 200: recentCourtGameListSchema, ...errors },
      },
    },
    async (request) => recentCourtGames(db, request.params.id),
  );

  r.get(
    "/api/courts/:id/popular-times",
    {
      schema: {
        operationId: "getPopularTimes",
        summary: "Players usually at the court per weekday and hour, from real check-ins.",
        tags,
        params: courtIdParamsSchema,
        response: { 200: popularTimesSchema, ...errors },
      },
    },
    async (request) => sharedPopularTimes(db, request.params.id),
  );
}
