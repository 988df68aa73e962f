import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { courtKingsSchema, crownListSchema } from "../../../common/court-kings.ts";
import { courtIdParamsSchema } from "../../../common/courts.ts";
import { apiErrorSchema } from "../../../common/user.ts";
import { requireUser, userIdOf } from "../../auth/session-plugin.ts";
import type { Db } from "../../db/client.ts";
import { encodedOnce, notModifiedSchema, sendEncoded } from "../../lib/encoded-answers.ts";
import { crownsOf } from "./service.ts";
import { sharedCourtKings } from "./shared-court-kings.ts";

/** Court Kings: each court's public board, and the signed-in player's own crowns. */
export async function courtKingsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/courts/:id/kings",
    {
      schema: {
        operationId: "getCourtKings",
        summary: "The court's top 10 players of the last 90 days; the first is its Court King.",
        tags: ["courts"],
        params: courtIdParamsSchema,
        response: {
          200: courtKingsSchema,
          304: notModifiedSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    // Shared by every viewer of the court and sent as encoded once, with an ETag (§49).
    async (request, reply) =>
      sendEncoded(request, reply, encodedOnce(await sharedCourtKings(db, request.params.id))),
  );

  await app.register(async (signedIn) => {
    signedIn.addHook("onRequest", requireUser);
    signedIn.withTypeProvider<ZodTypeProvider>().get(
      "/api/user/crowns",
      {
        schema: {
          operationId: "listMyCrowns",
          summary: "The courts where the caller is the reigning Court King.",
          tags: ["profile"],
          response: { 200: crownListSchema, 401: apiErrorSchema },
        },
      },
      async (request) => crownsOf(db, userIdOf(request)),
    );
  });
}
