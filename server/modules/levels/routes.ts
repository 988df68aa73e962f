import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { skillRatingSchema } from "../../../common/skill-rating.ts";
import { apiErrorSchema } from "../../../common/user.ts";
import { requireUser, userIdOf } from "../../auth/session-plugin.ts";
import type { Db } from "../../db/client.ts";
import { ratingsOf } from "./ratings.ts";

/** The signed-in player's level, learned from their results (decision 110). */
export async function levelsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.addHook("onRequest", requireUser);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/user/level",
    {
      schema: {
        operationId: "getLevel",
        summary: "The signed-in player's learned rating (their level) and its uncertainty.",
        tags: ["profile"],
        response: { 200: skillRatingSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      const rating = (await ratingsOf(db, [userId])).get(userId);
      if (!rating) throw new Error("ratingsOf answers every id asked for");
      return { mu: rating.mu, sigma: rating.sigma, games: rating.games };
    },
  );
}
