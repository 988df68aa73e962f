import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { gameIdParamsSchema, gameSchema } from "../../../common/games.ts";
import { goNoGoInputSchema } from "../../../common/go-no-go.ts";
import { apiErrorSchema } from "../../../common/user.ts";
import { requireUser, userIdOf } from "../../auth/session-plugin.ts";
import type { Db } from "../../db/client.ts";
import { setGoNoGo } from "./settings.ts";

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/** The organizer's go/no-go of a game: its minimum, its decision time, "play anyway". */
export async function goNoGoRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.addHook("onRequest", requireUser);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    "/api/games/:id/go-no-go",
    {
      schema: {
        operationId: "setGoNoGo",
        summary: "Set or remove a game's minimum of players and its decision time.",
        tags: ["games"],
        params: gameIdParamsSchema,
        body: goNoGoInputSchema,
        response: { 200: gameSchema, ...errors },
      },
    },
    async (request) => setGoNoGo(db, userIdOf(request), request.params.id, request.body),
  );
}
