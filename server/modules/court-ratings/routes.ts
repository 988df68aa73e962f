import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { courtRatingInputSchema, courtRatingSummarySchema } from "../../../common/court-ratings.ts";
import { courtIdParamsSchema } from "../../../common/courts.ts";
import { apiErrorSchema } from "../../../common/user.ts";
import { requireUser, userIdOf } from "../../auth/session-plugin.ts";
import type { Db } from "../../db/client.ts";
import { courtRatingSummary, rateCourt } from "./service.ts";

const tags = ["courts"];

/** Players' ratings of courts: anyone reads a court's rating, signed-in players give theirs. */
export async function courtRatingsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/courts/:id/rating",
    {
      schema: {
        operationId: "getCourtRating",
        summary: "The court's rating, how many players rated it, and the viewer's own rating.",
        tags,
        params: courtIdParamsSchema,
        response: { 200: courtRatingSummarySchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => courtRatingSummary(db, request.params.id, request.session?.userId ?? null),
  );

  await app.register(async (signedIn) => {
    signedIn.addHook("onRequest", requireUser);
    signedIn.withTypeProvider<ZodTypeProvider>().put(
      "/api/courts/:id/rating",
      {
        schema: {
          operationId: "rateCourt",
          summary: "Rate the court 1 to 5, replacing the caller's earlier rating.",
          tags,
          params: courtIdParamsSchema,
          body: courtRatingInputSchema,
          response: {
            200: courtRatingSummarySchema,
            400: apiErrorSchema,
            401: apiErrorSchema,
            404: apiErrorSchema,
            409: apiErrorSchema,
            429: apiErrorSchema,
          },
        },
      },
      async (request) => rateCourt(db, userIdOf(request), request.params.id, request.body.rating),
    );
  });
}
