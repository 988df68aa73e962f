import { z } from "zod";
import { INT32_MAX } from "./id-params.ts";
import { latitudeSchema, longitudeSchema, positionSchema } from "./position.ts";
import { SUGGESTION_NEAR_MILES } from "./suggestion-limits.ts";
import { charCount, hasNoNul } from "./text.ts";
import { decent } from "./text-filter.ts";

export { SUGGESTION_DAYS, SUGGESTION_MARGIN, SUGGESTION_NEAR_MILES } from "./suggestion-limits.ts";

/** Spam limits per player. */
export const SUGGESTIONS_PER_DAY = 5;
export const SUGGESTION_VOTES_PER_HOUR = 30;
/** A new court this close to a mapped one is refused: suggest a correction of that one. */
export const DUPLICATE_COURT_METERS = 40;

export const COURT_NAME_MAX = 200;
export const COURT_ADDRESS_MAX = 300;
export const COURTS_AT_PLACE_MAX = 20;

export const SUGGESTION_KIND_MESSAGE = "Choose a new court or a correction";
export const COURT_NAME_REQUIRED = "Name is required";
export const NUMBER_OF_COURTS_MESSAGE = `Number of courts must be a whole number from 1 to ${COURTS_AT_PLACE_MAX}`;
export const NOTHING_TO_CHANGE = "Change at least one thing";
export const SUGGESTION_COURT_MESSAGE = "Choose the court to correct";
export const TOO_MANY_SUGGESTIONS = `You can make ${SUGGESTIONS_PER_DAY} suggestions a day. Please try again tomorrow.`;
export const TOO_MANY_VOTES = "You have voted enough for now. Please try again later.";
export const COURT_ALREADY_MAPPED =
  "A court is already mapped here: suggest a correction of it instead.";
export const SUGGESTION_NOT_FOUND = "Suggestion not found.";
export const SUGGESTION_DECIDED = "This suggestion is no longer open.";
export const OWN_SUGGESTION = "Other players decide on your suggestion.";
export const NOT_NEARBY = `Only players within ${SUGGESTION_NEAR_MILES} miles decide: set your city, or share your location.`;

const courtName = decent(
  z
    .string({ error: COURT_NAME_REQUIRED })
    .trim()
    .min(1, COURT_NAME_REQUIRED)
    .refine(
      (v) => charCount(v) <= COURT_NAME_MAX,
      `Name must be at most ${COURT_NAME_MAX} characters`,
    )
    .refine(hasNoNul, "Name contains a character that is not allowed"),
);

const numberOfCourts = z
  .number({ error: NUMBER_OF_COURTS_MESSAGE })
  .int(NUMBER_OF_COURTS_MESSAGE)
  .min(1, NUMBER_OF_COURTS_MESSAGE)
  .max(COURTS_AT_PLACE_MAX, NUMBER_OF_COURTS_MESSAGE);

export const newCourtSuggestionSchema = z.object({
  kind: z.literal("new"),
  name: courtName,
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  address: z
    .string()
    .trim()
    .refine(
      (v) => charCount(v) <= COURT_ADDRESS_MAX,
      `Address must be at most ${COURT_ADDRESS_MAX} characters`,
    )
    .refine(hasNoNul, "Address contains a character that is not allowed")
    .optional(),
  isIndoor: z.boolean().default(false),
  lighting: z.boolean().default(false),
  freeToPlay: z.boolean().default(true),
  numberOfCourts: numberOfCourts.default(1),
});

/** What a correction may change; closed can only be set (closed for good), never undone here. */
export const courtChangesSchema = z
  .object({
    name: courtName.optional(),
    isIndoor: z.boolean().optional(),
    lighting: z.boolean().optional(),
    freeToPlay: z.boolean().optional(),
    numberOfCourts: numberOfCourts.optional(),
    closed: z.literal(true, { error: "Closed can only be set to true" }).optional(),
  })
  .refine((c) => Object.values(c).some((v) => v !== undefined), NOTHING_TO_CHANGE);
export type CourtChanges = z.infer<typeof courtChangesSchema>;

export const changeSuggestionSchema = z.object({
  kind: z.literal("change"),
  courtId: z
    .number({ error: SUGGESTION_COURT_MESSAGE })
    .int(SUGGESTION_COURT_MESSAGE)
    .min(1, SUGGESTION_COURT_MESSAGE)
    .max(INT32_MAX, SUGGESTION_COURT_MESSAGE),
  changes: courtChangesSchema,
});

/** POST /api/court-suggestions. */
export const courtSuggestionInputSchema = z.discriminatedUnion(
  "kind",
  [newCourtSuggestionSchema, changeSuggestionSchema],
  { error: SUGGESTION_KIND_MESSAGE },
);
export type CourtSuggestionValues = z.input<typeof courtSuggestionInputSchema>;
export type CourtSuggestionInput = z.output<typeof courtSuggestionInputSchema>;
export type NewCourtValues = z.input<typeof newCourtSuggestionSchema>;

/** POST /api/court-suggestions/{id}/vote: 'this is right' or 'this is wrong'. */
export const VOTE_MESSAGE = "Say whether the suggestion is right (true) or wrong (false)";
export const suggestionVoteInputSchema = z.object(
  { agree: z.boolean({ error: VOTE_MESSAGE }), position: positionSchema.optional() },
  { error: VOTE_MESSAGE },
);
export type SuggestionVoteInput = z.infer<typeof suggestionVoteInputSchema>;

export const SUGGESTION_STATUSES = ["pending", "accepted", "rejected", "expired"] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];

export const courtSuggestionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(["new", "change"]),
  status: z.enum(SUGGESTION_STATUSES),
  /** The corrected court, or the court an accepted new-court suggestion created. */
  courtId: z.number().int().nullable(),
  /** The corrected court's current name (for a new court: the proposed name). */
  courtName: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** What is proposed: for a new court every fact, for a correction only what changes. */
  proposal: z.object({
    name: z.string().nullable(),
    address: z.string().nullable(),
    isIndoor: z.boolean().nullable(),
    lighting: z.boolean().nullable(),
    freeToPlay: z.boolean().nullable(),
    numberOfCourts: z.number().int().nullable(),
    closed: z.boolean().nullable(),
  }),
  confirmations: z.number().int(),
  objections: z.number().int(),
  /** ISO 8601. */
  createdAt: z.string(),
  expiresAt: z.string(),
  decidedAt: z.string().nullable(),
  mine: z.boolean(),
  /** The viewer's vote: true agrees, false objects, null none. */
  viewerVote: z.boolean().nullable(),
});
export type CourtSuggestion = z.infer<typeof courtSuggestionSchema>;
export const courtSuggestionListSchema = z.array(courtSuggestionSchema);

/** GET /api/court-suggestions/nearby: around a point, else the player's saved position. */
export const nearbySuggestionsQuerySchema = z
  .object({
    lat: z.coerce.number().pipe(latitudeSchema).optional(),
    lng: z.coerce.number().pipe(longitudeSchema).optional(),
  })
  .refine((q) => (q.lat === undefined) === (q.lng === undefined), {
    message: "Give both lat and lng, or neither",
    path: ["lng"],
  });
