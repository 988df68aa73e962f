import { z } from "zod";
import { roundCoordinate } from "./geo.ts";

/** The three onboarding steps of product §2, in order. */
export const ONBOARDING_STEPS = ["location", "profile", "preferences"] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** Longest search text: no city name comes near it, and it bounds the work of one keystroke. */
export const LOCATION_QUERY_MAX = 100;
/** A short list (product §2): the largest places first, enough to find one by typing on. */
export const LOCATION_RESULTS_MAX = 10;
export const LOCATION_QUERY_REQUIRED = "Type part of a city name to search";

/** GET /api/onboarding/locations?q=: "Aus" or "Austin, TX" (product §5: only non-empty text). */
export const locationSearchQuerySchema = z.object({
  q: z
    .string({ error: LOCATION_QUERY_REQUIRED })
    .trim()
    .min(1, LOCATION_QUERY_REQUIRED)
    .max(LOCATION_QUERY_MAX, `Search text must be at most ${LOCATION_QUERY_MAX} characters`),
});

/** One onboarding location result (product §3). */
export const locationSuggestionSchema = z.object({
  id: z.number().int(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  population: z.number().int(),
});
export type LocationSuggestion = z.infer<typeof locationSuggestionSchema>;
export const locationSuggestionListSchema = z.array(locationSuggestionSchema);

/** A decimal degree from a query string: "30.27" or "-97.74", nothing else ("", "1e3", "Infinity"). */
const coordinate = (label: string, limit: number) =>
  z
    .string({ error: `${label} is required` })
    .regex(/^-?\d{1,3}(\.\d{1,15})?$/, `${label} must be a number`)
    .transform(Number)
    .refine((v) => v >= -limit && v <= limit, `${label} must be between -${limit} and ${limit}`);

/** GET /api/onboarding/nearest-city?lat=&lng= (the browser's position for 'Use Current Location'). */
export const nearestCityQuerySchema = z.object({
  lat: coordinate("Latitude", 90),
  lng: coordinate("Longitude", 180),
});
export const NO_CITY_NEARBY = "No known city near this location.";

// PostgreSQL text cannot hold U+0000: without this rule such input would be a 500, not a 400.
const hasNoNul = (value: string) => !value.includes("\u0000");
const placeText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(hasNoNul, `${label} contains a character that is not allowed`);

/** Stored limits: users.city is varchar(200); state and country up to 100 (product §5). */
export const CITY_MAX = 200;
export const STATE_MAX = 100;
export const COUNTRY_MAX = 100;

/** POST /api/user/location: the chosen place, saved on the caller's own user row. */
export const saveLocationSchema = z.object({
  city: placeText("City", CITY_MAX),
  state: placeText("State", STATE_MAX),
  country: placeText("Country", COUNTRY_MAX).default("US"),
  latitude: z
    .number({ error: "Latitude must be a number" })
    .min(-90)
    .max(90)
    .transform(roundCoordinate),
  longitude: z
    .number({ error: "Longitude must be a number" })
    .min(-180)
    .max(180)
    .transform(roundCoordinate),
});
export type SaveLocationInput = z.input<typeof saveLocationSchema>;
export type SavedLocation = z.output<typeof saveLocationSchema>;
export const savedLocationSchema = z.object({
  city: z.string(),
  state: z.string(),
  country: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});

/** GET /api/onboarding/progress (product §2 step completion rules). */
export const onboardingProgressSchema = z.object({
  steps: z.object({ location: z.boolean(), profile: z.boolean(), preferences: z.boolean() }),
  /** Index (0–2) of the first step not done; preferences is never done, so at most 2. */
  currentStep: z.number().int(),
  hasCompletedOnboarding: z.boolean(),
});
export type OnboardingProgress = z.infer<typeof onboardingProgressSchema>;

/** POST /api/user/complete-registration. */
export const registrationCompletedSchema = z.object({ hasCompletedOnboarding: z.literal(true) });
