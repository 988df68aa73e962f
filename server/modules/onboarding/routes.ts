import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  LOCATION_RESULTS_MAX,
  locationSearchQuerySchema,
  locationSuggestionListSchema,
  locationSuggestionSchema,
  NO_CITY_NEARBY,
  nearestCityQuerySchema,
  onboardingProgressSchema,
  registrationCompletedSchema,
  savedLocationSchema,
  saveLocationSchema,
} from "../../../common/onboarding.ts";
import { apiErrorSchema } from "../../../common/user.ts";
import { requireUser, userIdOf } from "../../auth/session-plugin.ts";
import type { Db } from "../../db/client.ts";
import { notFound, unauthorized } from "../../lib/http-error.ts";
import { invalidateLeaderboards } from "../leaderboard/shared-boards.ts";
import { nearbyPlayerChanged } from "../players/player-changed.ts";
import { nearestCity, searchCities } from "./city-search.ts";
import { completeRegistration, onboardingProgress, saveLocation } from "./service.ts";

const errors = { 400: apiErrorSchema, 401: apiErrorSchema };

/**
 * Onboarding (product §2, §7). Every route is for signed-in players and acts on the caller only:
 * the user comes from the session, never from the request. This plugin is its own
 * encapsulation context, so the guard below covers exactly these routes.
 */
export async function onboardingRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.addHook("onRequest", requireUser);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/onboarding/locations",
    {
      schema: {
        operationId: "searchCities",
        summary: "Search cities by the start of their name.",
        tags: ["onboarding"],
        description: `Cities starting with q ("Aus", "Austin, TX"), largest first, at most ${LOCATION_RESULTS_MAX}.`,
        querystring: locationSearchQuerySchema,
        response: { 200: locationSuggestionListSchema, ...errors },
      },
    },
    async (request) => searchCities(db, request.query.q),
  );

  r.get(
    "/api/onboarding/nearest-city",
    {
      schema: {
        operationId: "getNearestCity",
        summary: "The known city nearest to a position, within 150 km.",
        tags: ["onboarding"],
        querystring: nearestCityQuerySchema,
        response: { 200: locationSuggestionSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const city = await nearestCity(db, request.query.lat, request.query.lng);
      if (!city) throw notFound(NO_CITY_NEARBY);
      return city;
    },
  );

  r.get(
    "/api/onboarding/progress",
    {
      schema: {
        operationId: "getOnboardingProgress",
        summary: "Which onboarding steps the signed-in player has done.",
        tags: ["onboarding"],
        response: { 200: onboardingProgressSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const progress = await onboardingProgress(db, userIdOf(request));
      if (!progress) throw unauthorized();
      return progress;
    },
  );

  r.post(
    "/api/user/location",
    {
      schema: {
        operationId: "saveLocation",
        summary: "Set the signed-in player's city and position.",
        tags: ["onboarding"],
        body: saveLocationSchema,
        response: { 200: savedLocationSchema, ...errors },
      },
    },
    async (request) => {
      const saved = await saveLocation(db, userIdOf(request), request.body);
      if (!saved) throw unauthorized();
      invalidateLeaderboards(db); // the local boards follow players' cities
      await nearbyPlayerChanged(db, userIdOf(request)); // nearby players follow positions
      return saved;
    },
  );

  r.post(
    "/api/user/complete-registration",
    {
      schema: {
        operationId: "completeRegistration",
        summary: "Mark the signed-in player's onboarding as complete.",
        tags: ["onboarding"],
        response: { 200: registrationCompletedSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      if (!(await completeRegistration(db, userIdOf(request)))) throw unauthorized();
      return { hasCompletedOnboarding: true as const };
    },
  );
}
