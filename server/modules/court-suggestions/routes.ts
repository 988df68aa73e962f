import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  courtSuggestionInputSchema,
  courtSuggestionListSchema,
  courtSuggestionSchema,
  nearbySuggestionsQuerySchema,
  suggestionVoteInputSchema,
} from "../../../common/court-suggestions.ts";
import { courtIdParamsSchema } from "../../../common/courts.ts";
import { idParamsSchema } from "../../../common/id-params.ts";
import { apiErrorSchema } from "../../../common/user.ts";
import { requireUser, userIdOf } from "../../auth/session-plugin.ts";
import type { Db } from "../../db/client.ts";
import { findCourt } from "../court-page/service.ts";
import {
  courtCorrections,
  mySuggestions,
  nearbySuggestions,
  suggestCourt,
  voteOnSuggestion,
} from "./service.ts";

const tags = ["courts"];
const suggestionIdParamsSchema = idParamsSchema("Suggestion id must be a positive whole number");
const writeErrors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};

/** Players keep the map true: suggestions of missing courts and corrections, and votes on them. */
export async function courtSuggestionsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/courts/:id/suggestions",
    {
      schema: {
        operationId: "listCourtCorrections",
        summary: "Open corrections of the court that players nearby can still decide on.",
        tags,
        params: courtIdParamsSchema,
        response: { 200: courtSuggestionListSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      await findCourt(db, request.params.id);
      return courtCorrections(db, request.params.id, request.session?.userId ?? null);
    },
  );

  await app.register(async (signedIn) => {
    signedIn.addHook("onRequest", requireUser);
    const s = signedIn.withTypeProvider<ZodTypeProvider>();

    s.post(
      "/api/court-suggestions",
      {
        schema: {
          operationId: "suggestCourt",
          summary: "Suggest a missing court or a correction of one.",
          tags,
          body: courtSuggestionInputSchema,
          response: { 201: courtSuggestionSchema, ...writeErrors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await suggestCourt(db, userIdOf(request), request.body)),
    );

    s.get(
      "/api/court-suggestions/mine",
      {
        schema: {
          operationId: "listMySuggestions",
          summary: "The caller's suggestions with their state, newest first.",
          tags,
          response: { 200: courtSuggestionListSchema, 401: apiErrorSchema },
        },
      },
      async (request) => mySuggestions(db, userIdOf(request)),
    );

    s.get(
      "/api/court-suggestions/nearby",
      {
        schema: {
          operationId: "listNearbySuggestions",
          summary: "Open suggestions of others near a point (else the caller's city) to vote on.",
          tags,
          querystring: nearbySuggestionsQuerySchema,
          response: { 200: courtSuggestionListSchema, 400: apiErrorSchema, 401: apiErrorSchema },
        },
      },
      async (request) => {
        const { lat, lng } = request.query;
        const point =
          lat !== undefined && lng !== undefined ? { latitude: lat, longitude: lng } : null;
        return nearbySuggestions(db, userIdOf(request), point);
      },
    );

    s.post(
      "/api/court-suggestions/:id/vote",
      {
        schema: {
          operationId: "voteOnSuggestion",
          summary: "Say a suggestion is right or wrong; a margin of votes decides it.",
          tags,
          params: suggestionIdParamsSchema,
          body: suggestionVoteInputSchema,
          response: { 200: courtSuggestionSchema, ...writeErrors },
        },
      },
      async (request) => voteOnSuggestion(db, userIdOf(request), request.params.id, request.body),
    );
  });
}
