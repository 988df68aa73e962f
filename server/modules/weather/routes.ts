import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { gameIdParamsSchema, gameSchema } from "../../../common/games.ts";
import { apiErrorSchema } from "../../../common/user.ts";
import { gameWeatherSchema } from "../../../common/weather.ts";
import { requireUser, userIdOf } from "../../auth/session-plugin.ts";
import type { Db } from "../../db/client.ts";
import { callOffForWeather, gameWeather } from "./game-weather.ts";

/** Weather and daylight at a game's start, and calling a game off for the weather. */
export async function weatherRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/games/:id/weather",
    {
      schema: {
        operationId: "getGameWeather",
        summary:
          "The forecast at a game's start and the sunset at its outdoor court (Open-Meteo.com).",
        tags: ["games"],
        params: gameIdParamsSchema,
        response: { 200: gameWeatherSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => gameWeather(db, request.params.id, request.session?.userId ?? null),
  );

  await app.register(async (signedIn) => {
    signedIn.addHook("onRequest", requireUser);
    signedIn.withTypeProvider<ZodTypeProvider>().post(
      "/api/games/:id/weather-call-off",
      {
        schema: {
          operationId: "callOffGameForWeather",
          summary: "Cancel a game the signed-in player organizes, for the weather.",
          tags: ["games"],
          params: gameIdParamsSchema,
          response: {
            200: gameSchema,
            400: apiErrorSchema,
            401: apiErrorSchema,
            403: apiErrorSchema,
            404: apiErrorSchema,
            409: apiErrorSchema,
          },
        },
      },
      async (request) => callOffForWeather(db, userIdOf(request), request.params.id),
    );
  });
}
