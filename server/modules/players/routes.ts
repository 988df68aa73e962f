import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { nearbyPlayerListSchema } from "../../../common/players.ts";
import { apiErrorSchema } from "../../../common/user.ts";
import { requireUser, userIdOf } from "../../auth/session-plugin.ts";
import type { Db } from "../../db/client.ts";
import { nearbyPlayers } from "./service.ts";

/** Players near the signed-in caller (product §7); "near" is always the caller's own position. */
export async function playersRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.addHook("onRequest", requireUser);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/players/nearby",
    {
      schema: {
        operationId: "listNearbyPlayers",
        summary: "Players within 50 miles of the signed-in player, best matches first.",
        tags: ["players"],
        response: { 200: nearbyPlayerListSchema, 401: apiErrorSchema },
      },
    },
    async (request) => nearbyPlayers(db, userIdOf(request)),
  );
}
