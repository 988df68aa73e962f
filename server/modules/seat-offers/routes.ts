import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { gameIdParamsSchema } from "../../../common/games.ts";
import { seatOfferSchema } from "../../../common/seat-offers.ts";
import { apiErrorSchema } from "../../../common/user.ts";
import { requireUser, userIdOf } from "../../auth/session-plugin.ts";
import type { Db } from "../../db/client.ts";
import { acceptOffer, declineOffer, offerOf } from "./offers.ts";

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/** A seat offered near the start (decision 103): the caller's offer, taking it, passing it on. */
export async function seatOfferRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.addHook("onRequest", requireUser);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/games/:id/offer",
    {
      schema: {
        operationId: "getSeatOffer",
        summary: "The caller's live seat offer on a game, if any.",
        tags: ["games"],
        params: gameIdParamsSchema,
        response: { 200: seatOfferSchema, ...errors },
      },
    },
    async (request) => offerOf(db, userIdOf(request), request.params.id),
  );

  r.post(
    "/api/games/:id/offer/accept",
    {
      schema: {
        operationId: "acceptSeatOffer",
        summary: "Take the seat offered to the caller while the offer is live.",
        tags: ["games"],
        params: gameIdParamsSchema,
        response: { 200: seatOfferSchema, ...errors },
      },
    },
    async (request) => acceptOffer(db, userIdOf(request), request.params.id),
  );

  r.post(
    "/api/games/:id/offer/decline",
    {
      schema: {
        operationId: "declineSeatOffer",
        summary: "Turn down the seat offered to the caller: it passes to the next in line.",
        tags: ["games"],
        params: gameIdParamsSchema,
        response: { 200: seatOfferSchema, ...errors },
      },
    },
    async (request) => declineOffer(db, userIdOf(request), request.params.id),
  );
}
