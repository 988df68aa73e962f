import { z } from "zod";
import {
  COURT_REQUIRED,
  GAME_ID_MESSAGE,
  GAME_STATUSES,
  GAME_TITLE_MAX,
  GAME_TYPE_KEYS,
  GAME_TYPE_MESSAGE,
  MAX_PLAYERS_DEFAULT,
  MAX_PLAYERS_MAX,
  MAX_PLAYERS_MESSAGE,
  MAX_PLAYERS_MIN,
  RATING_MAX,
  RATING_MIN,
  SCHEDULE_AHEAD_DAYS,
  TEAMS,
  TITLE_REQUIRED,
  WHEN_IN_PAST,
  WHEN_REQUIRED,
  WHEN_TOO_FAR,
} from "./game-limits.ts";
import { roundCoordinate } from "./geo.ts";
import {
  decideBeforeMinutesSchema,
  goNoGoFitsGame,
  goNoGoSchema,
  minPlayersSchema,
} from "./go-no-go.ts";
import { INT32_MAX, idParamsSchema } from "./id-params.ts";
import { charCount, hasNoNul } from "./text.ts";
import { decent } from "./text-filter.ts";

// The constants, messages and names the screens show live in the zod-free game-limits.ts.
export * from "./game-limits.ts";

/**
 * Pickup games: the rules and shapes the create form, the game screens and the API share.
 * A game is open until it starts, active for GAME_DURATION_MINUTES (or until its organizer
 * records the result), then completed; or cancelled by its organizer before it starts.
 */

const positiveId = (message: string) =>
  z
    .unknown()
    .refine((v) => v !== undefined && v !== null && v !== "", message)
    .pipe(z.coerce.number({ error: message }).int(message).min(1, message).max(INT32_MAX, message));

/** Path parameter `{id}` of /api/games/{id}/…. */
export const gameIdParamsSchema = idParamsSchema(GAME_ID_MESSAGE);

/**
 * POST /api/games and the create form. `now` is read when the value is checked, so the same
 * schema refuses a past time in the browser and on the server.
 */
/** A new game's fields, before the go/no-go is checked against them (runs reuse some). */
export const createGameFieldsSchema = z.object({
  courtId: z
    .unknown()
    .refine((v) => v !== undefined && v !== null && v !== "", COURT_REQUIRED)
    .pipe(
      z
        .number({ error: COURT_REQUIRED })
        .int(COURT_REQUIRED)
        .min(1, COURT_REQUIRED)
        .max(INT32_MAX, COURT_REQUIRED),
    ),
  title: decent(
    z
      .string({ error: TITLE_REQUIRED })
      .trim()
      .min(1, TITLE_REQUIRED)
      .refine(
        (v) => charCount(v) <= GAME_TITLE_MAX,
        `Title must be at most ${GAME_TITLE_MAX} characters`,
      )
      .refine(hasNoNul, "Title contains a character that is not allowed"),
  ),
  scheduledAt: z
    .string({ error: WHEN_REQUIRED })
    .min(1, WHEN_REQUIRED)
    .pipe(
      z.iso.datetime({
        offset: true,
        error: "Date and time must be ISO 8601, like 2026-05-01T18:30:00Z",
      }),
    )
    .refine((v) => Date.parse(v) > Date.now(), WHEN_IN_PAST)
    .refine((v) => Date.parse(v) <= Date.now() + SCHEDULE_AHEAD_DAYS * 86_400_000, WHEN_TOO_FAR),
  maxPlayers: z
    .number({ error: MAX_PLAYERS_MESSAGE })
    .int(MAX_PLAYERS_MESSAGE)
    .min(MAX_PLAYERS_MIN, MAX_PLAYERS_MESSAGE)
    .max(MAX_PLAYERS_MAX, MAX_PLAYERS_MESSAGE)
    .default(MAX_PLAYERS_DEFAULT),
  gameType: z.enum(GAME_TYPE_KEYS, { error: GAME_TYPE_MESSAGE }).default("pickup"),
  // Go / no-go (issue 32): none unless a minimum is given.
  minPlayers: minPlayersSchema.optional(),
  decideBeforeMinutes: decideBeforeMinutesSchema.optional(),
});
export const createGameInputSchema = createGameFieldsSchema.superRefine(goNoGoFitsGame);
export type CreateGameValues = z.input<typeof createGameInputSchema>;
export type CreateGameInput = z.output<typeof createGameInputSchema>;

/** A player as a game shows them: nickname, else first name, else 'Player' (product §2). */
export const gamePlayerSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  profile: z.object({ nickname: z.string(), primaryPosition: z.string() }).nullable(),
});
export type GamePlayer = z.infer<typeof gamePlayerSchema>;

export const gameResultSchema = z.object({
  teamAScore: z.number().int(),
  teamBScore: z.number().int(),
  winningTeam: z.enum(TEAMS),
  /** ISO 8601. */
  recordedAt: z.string(),
});
export type GameResult = z.infer<typeof gameResultSchema>;

/** A game as every screen reads it (product §3 "Game (read)", and what the detail page needs). */
export const gameSchema = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  status: z.enum(GAME_STATUSES),
  /** ISO 8601. */
  scheduledAt: z.string(),
  /** ISO 8601: when it ended or will end (start + duration, or when the result was recorded). */
  endsAt: z.string(),
  court: z.object({
    id: z.number().int(),
    name: z.string(),
    address: z.string().nullable(),
    latitude: z.number(),
    longitude: z.number(),
    /** IANA zone of the court: the game's times are shown on the court's clock ('6:30 PM PT'). */
    timeZone: z.string(),
  }),
  currentPlayers: z.number().int(),
  maxPlayers: z.number().int(),
  gameType: z.string(),
  organizerId: z.string(),
  organizer: gamePlayerSchema.extend({
    /** False when the organizer turned New Messages off: Message Organizer is refused. */
    acceptsMessages: z.boolean(),
  }),
  result: gameResultSchema.nullable(),
  /** Miles from the viewer's position, to 0.1; null when either position is unknown. */
  distanceMiles: z.number().nullable(),
  /** The minimum of players and when it is decided (issue 32); null without one. */
  goNoGo: goNoGoSchema,
  /** The run this game is a date of (/runs/{id}), if any. */
  runId: z.number().int().nullable(),
});
export type Game = z.infer<typeof gameSchema>;
export const gameListSchema = z.array(gameSchema);

/** Spec §3 "Participant", plus the team of a recorded result. */
export const participantSchema = z.object({
  userId: z.string(),
  status: z.string(),
  /** ISO 8601. */
  joinedAt: z.string(),
  isOrganizer: z.boolean(),
  team: z.enum(TEAMS).nullable(),
  user: gamePlayerSchema,
});
export type Participant = z.infer<typeof participantSchema>;
export const participantListSchema = z.array(participantSchema);

const booleanParam = z.enum(["true", "false"]).transform((v) => v === "true");
const coordinate = (max: number, label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .min(-max, `${label} must be between -${max} and ${max}`)
    .max(max, `${label} must be between -${max} and ${max}`)
    .transform(roundCoordinate);

/** GET /api/games/upcoming: every filter optional (the /games screen's day, court, open spots). */
export const upcomingGamesQuerySchema = z.object({
  /** Only games starting at or after this instant (ISO 8601), e.g. the start of a chosen day. */
  from: z.iso
    .datetime({ offset: true, error: "from must be an ISO 8601 date and time" })
    .optional(),
  /** Only games starting before this instant (ISO 8601). */
  to: z.iso.datetime({ offset: true, error: "to must be an ISO 8601 date and time" }).optional(),
  courtId: positiveId("courtId must be a positive whole number").optional(),
  /** true: only games with a free spot. */
  openSpots: booleanParam.optional(),
  /** The viewer's position from the browser; else a signed-in player's saved position. */
  lat: coordinate(90, "lat").optional(),
  lng: coordinate(180, "lng").optional(),
});
export type UpcomingGamesQuery = z.infer<typeof upcomingGamesQuerySchema>;

/** POST /api/games/{id}/result: the final score and who played on which side. */
export const RESULT_SCORE_MAX = 999;
const scoreMessage = `Scores must be whole numbers from 0 to ${RESULT_SCORE_MAX}`;
const score = z
  .number({ error: scoreMessage })
  .int(scoreMessage)
  .min(0, scoreMessage)
  .max(RESULT_SCORE_MAX, scoreMessage);
export const RESULT_TIED = "A game has a winner: the scores cannot be equal";
export const RESULT_TEAMS_MESSAGE = "Put every player on Team A or Team B";
export const recordResultInputSchema = z
  .object({
    teamAScore: score,
    teamBScore: score,
    /** userId → "A" | "B", for every participant of the game. */
    teams: z.record(z.string().max(36), z.enum(TEAMS, { error: RESULT_TEAMS_MESSAGE }), {
      error: RESULT_TEAMS_MESSAGE,
    }),
  })
  .refine((r) => r.teamAScore !== r.teamBScore, { message: RESULT_TIED, path: ["teamBScore"] });
export type RecordResultInput = z.infer<typeof recordResultInputSchema>;

/** POST /api/games/{id}/ratings: the caller rates players of a completed game they played. */
const ratingMessage = `A rating is a whole number from ${RATING_MIN} to ${RATING_MAX}`;
export const rateInputSchema = z.object({
  ratings: z
    .array(
      z.object({
        userId: z.string().min(1).max(36),
        rating: z
          .number({ error: ratingMessage })
          .int(ratingMessage)
          .min(RATING_MIN, ratingMessage)
          .max(RATING_MAX, ratingMessage),
      }),
      { error: "Rate at least one player" },
    )
    .min(1, "Rate at least one player")
    .max(MAX_PLAYERS_MAX, "Too many ratings at once"),
});
export type RateInput = z.infer<typeof rateInputSchema>;

/** GET /api/games/{id}/ratings: the ratings the caller gave in that game. */
export const givenRatingsSchema = z.array(z.object({ userId: z.string(), rating: z.number() }));
export type GivenRating = z.infer<typeof givenRatingsSchema>[number];

/** POST /api/games/{id}/messages: a message in the game's conversation (its thread). */
export const MESSAGE_MAX = 1000;
export const MESSAGE_REQUIRED = "Write a message first";
export const sendMessageInputSchema = z.object({
  body: decent(
    z
      .string({ error: MESSAGE_REQUIRED })
      .trim()
      .min(1, MESSAGE_REQUIRED)
      .refine((v) => charCount(v) <= MESSAGE_MAX, `A message is at most ${MESSAGE_MAX} characters`)
      .refine(hasNoNul, "The message contains a character that is not allowed"),
  ),
});
export type SendMessageInput = z.infer<typeof sendMessageInputSchema>;

export const gameMessageSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  sender: gamePlayerSchema,
});
export type GameMessage = z.infer<typeof gameMessageSchema>;

/** GET /api/games/{id}/messages: newest first; `before` pages on to older messages. */
export const THREAD_PAGE_DEFAULT = 30;
export const THREAD_PAGE_MAX = 100;
const pageLimitMessage = `limit must be a whole number from 1 to ${THREAD_PAGE_MAX}`;
export const threadQuerySchema = z.object({
  before: positiveId("before must be a message id").optional(),
  limit: z.coerce
    .number({ error: pageLimitMessage })
    .int(pageLimitMessage)
    .min(1, pageLimitMessage)
    .max(THREAD_PAGE_MAX, pageLimitMessage)
    .default(THREAD_PAGE_DEFAULT),
});
export type ThreadQuery = z.infer<typeof threadQuerySchema>;
export const gameMessagePageSchema = z.object({
  items: z.array(gameMessageSchema),
  /** Pass as `before` for the next, older page; null when there is none. */
  nextBefore: z.number().nullable(),
});
export type GameMessagePage = z.infer<typeof gameMessagePageSchema>;
/** Who may read and write a game's thread: its organizer and the players holding a spot. */
export const THREAD_PLAYERS_ONLY =
  "Only the organizer and the players of this game can see its conversation."; // 403

/** A player organizes at most this many games that have not started yet. */
export const MAX_UPCOMING_ORGANIZED = 10;
export const TOO_MANY_ORGANIZED = `You already organize ${MAX_UPCOMING_ORGANIZED} upcoming games. Let one of them be played or cancel one first.`;
/**
 * Upcoming games at courts within this many miles of the player count as near: those come
 * first, soonest first (nearest breaking ties), then the farther ones the same way.
 */
export const NEAR_GAME_MILES = 25;
/** Games one player may create in 24 hours, cancelled ones included (the cap above is not). */
export const MAX_GAMES_CREATED_PER_DAY = 20;
export const TOO_MANY_CREATED = `You have created ${MAX_GAMES_CREATED_PER_DAY} games in the last 24 hours. Please try again later.`;

// Refusals of results, ratings and messages.
export const RESULT_BEFORE_START = "The result can be recorded once the game has started."; // 409
export const RESULT_TEAM_EMPTY = "Each team needs at least one player";
export const RESULT_NOT_A_PLAYER = "Only players of this game can be put on a team";
export const RATING_BEFORE_END = "Players can be rated once the game is over."; // 409
export const RATING_NOT_PLAYED = "Only players of this game can rate its players."; // 403
export const RATING_NOT_A_PLAYER = "You can only rate other players of this game";
export const RATING_TWICE = "Rate each player once";
export const TOO_MANY_MESSAGES = "You have sent a lot of messages. Please wait a while."; // 429
/** A player sends at most this many messages (in all game threads) per hour. */
export const MESSAGES_PER_HOUR = 10;
