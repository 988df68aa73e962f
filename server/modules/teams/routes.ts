import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { gameIdParamsSchema } from "../../../common/games.ts";
import {
  gameTeamsSchema,
  keepTogetherInputSchema,
  teamSettingsInputSchema,
} from "../../../common/teams.ts";
import { apiErrorSchema } from "../../../common/user.ts";
import { requireUser, userIdOf } from "../../auth/session-plugin.ts";
import type { Db } from "../../db/client.ts";
import {
  keepTogether,
  makeTeams,
  setTeamSettings,
  stopKeepingTogether,
  teamsOf,
} from "./service.ts";

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};

/** Balanced teams on a game's page (issue 33 point 3, decision 111). Signed in only. */
export async function teamsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.addHook("onRequest", requireUser);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = gameIdParamsSchema;
  const tags = ["games"];
  const response = { 200: gameTeamsSchema, ...errors };

  r.get(
    "/api/games/:id/teams",
    {
      schema: {
        operationId: "getGameTeams",
        summary: "A game's teams, each player's level and the chances (its organizer and players).",
        tags,
        params,
        response,
      },
    },
    async (request) => teamsOf(db, userIdOf(request), request.params.id),
  );

  r.post(
    "/api/games/:id/teams",
    {
      schema: {
        operationId: "makeGameTeams",
        summary:
          "Make or rebalance the teams from the seats now (the organizer, or players when allowed).",
        tags,
        params,
        response,
      },
    },
    async (request) => makeTeams(db, userIdOf(request), request.params.id),
  );

  r.put(
    "/api/games/:id/teams/settings",
    {
      schema: {
        operationId: "setGameTeamSettings",
        summary: "The organizer lets the game's seated players make teams, or not.",
        tags,
        params,
        body: teamSettingsInputSchema,
        response,
      },
    },
    async (request) => setTeamSettings(db, userIdOf(request), request.params.id, request.body),
  );

  r.put(
    "/api/games/:id/teams/together",
    {
      schema: {
        operationId: "keepTogether",
        summary: "A seated player asks to be kept on one team with another seated player.",
        tags,
        params,
        body: keepTogetherInputSchema,
        response,
      },
    },
    async (request) => keepTogether(db, userIdOf(request), request.params.id, request.body),
  );

  r.delete(
    "/api/games/:id/teams/together",
    {
      schema: {
        operationId: "stopKeepingTogether",
        summary: "The caller no longer asks to be kept with another player.",
        tags,
        params,
        response,
      },
    },
    async (request) => stopKeepingTogether(db, userIdOf(request), request.params.id),
  );
}
