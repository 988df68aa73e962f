import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

// ── Tables of spec §3 ────────────────────────────────────────────────────────

export const sessions = pgTable(
  "sessions",
  {
    sid: varchar("sid", { length: 64 }).primaryKey(),
    sess: json("sess").$type<{ userId: string; createdAt: string }>().notNull(),
    expire: timestamp("expire", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_expire_idx").on(t.expire)],
);

export const users = pgTable(
  "users",
  {
    id: varchar("id", { length: 36 }).primaryKey().default(sql`gen_random_uuid()::text`),
    email: varchar("email", { length: 255 }),
    firstName: varchar("first_name", { length: 100 }),
    lastName: varchar("last_name", { length: 100 }),
    profileImageUrl: varchar("profile_image_url", { length: 2048 }),
    hasCompletedOnboarding: boolean("has_completed_onboarding").notNull().default(false),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    city: varchar("city", { length: 200 }),
    state: varchar("state", { length: 100 }),
    country: varchar("country", { length: 100 }).notNull().default("US"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // E-mail is unique without regard to letter case: Bro@x.com and bro@x.com are one person.
    uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`),
    // The local leaderboard's players: city and state compared without regard to letter case.
    index("users_city_state_lower_idx").on(sql`lower(${t.city})`, sql`lower(${t.state})`),
  ],
);

export const playerProfiles = pgTable(
  "player_profiles",
  {
    id: serial("id").primaryKey(),
    userId: varchar("user_id", { length: 36 })
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    nickname: varchar("nickname", { length: 50 }).notNull(),
    primaryPosition: varchar("primary_position", { length: 50 }).notNull(),
    secondaryPosition: varchar("secondary_position", { length: 50 }),
    skillHandles: integer("skill_handles").notNull().default(3),
    skillShot: integer("skill_shot").notNull().default(3),
    skillIq: integer("skill_iq").notNull().default(3),
    skillVert: integer("skill_vert").notNull().default(3),
    skillDefense: integer("skill_defense").notNull().default(3),
    location: varchar("location", { length: 200 }),
    isAvailable: boolean("is_available").notNull().default(true),
    gamesPlayed: integer("games_played").notNull().default(0),
    courtsVisited: integer("courts_visited").notNull().default(0),
    brosConnected: integer("bros_connected").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "player_profiles_skills_range",
      sql`${t.skillHandles} between 1 and 5 and ${t.skillShot} between 1 and 5 and ${t.skillIq} between 1 and 5 and ${t.skillVert} between 1 and 5 and ${t.skillDefense} between 1 and 5`,
    ),
    check("player_profiles_nickname_length", sql`char_length(${t.nickname}) >= 3`),
  ],
);

export const courts = pgTable(
  "courts",
  {
    id: serial("id").primaryKey(),
    name: varchar("name", { length: 200 }).notNull(),
    address: varchar("address", { length: 300 }),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    isIndoor: boolean("is_indoor").notNull().default(false),
    courtType: varchar("court_type", { length: 50 }).notNull().default("outdoor"),
    numberOfCourts: integer("number_of_courts").notNull().default(1),
    lighting: boolean("lighting").notNull().default(false),
    freeToPlay: boolean("free_to_play").notNull().default(true),
    rating: numeric("rating", { precision: 2, scale: 1, mode: "number" }).notNull().default(4.0),
    description: text("description"),
    amenities: text("amenities").array().notNull().default(sql`'{}'::text[]`),
    activePlayers: integer("active_players").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    /**
     * Where the court came from: "seed" (demo data), "osm" (an OpenStreetMap import) or
     * "player" (suggested by players and confirmed by others).
     */
    source: varchar("source", { length: 20 }).notNull().default("seed"),
    /** Set when players changed the court's facts: an import never overwrites their work. */
    playerEditedAt: timestamp("player_edited_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("courts_source", sql`${t.source} in ('seed', 'osm', 'player')`),
    index("courts_location_idx").on(t.latitude, t.longitude),
    check("courts_active_players_nonneg", sql`${t.activePlayers} >= 0`),
    check("courts_rating_range", sql`${t.rating} between 0 and 5`),
    check("courts_number_positive", sql`${t.numberOfCourts} >= 1`),
  ],
);

export const games = pgTable(
  "games",
  {
    id: serial("id").primaryKey(),
    courtId: integer("court_id")
      .notNull()
      // A court with games on record is retired (isActive=false), never deleted.
      .references(() => courts.id, { onDelete: "restrict" }),
    organizerId: varchar("organizer_id", { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: varchar("title", { length: 200 }),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }).notNull(),
    maxPlayers: integer("max_players").notNull().default(10),
    currentPlayers: integer("current_players").notNull().default(1),
    /**
     * Only the organizer's decisions are stored: "open" or "cancelled". Whether a game is
     * open, active or completed follows from the time (server/modules/games/lifecycle.ts).
     */
    status: varchar("status", { length: 20 }).notNull().default("open"),
    gameType: varchar("game_type", { length: 50 }).notNull().default("pickup"),
    /** Set when the organizer records the result before the set duration is up. */
    endedAt: timestamp("ended_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("games_status_stored", sql`${t.status} in ('open', 'cancelled')`),
    index("games_scheduled_at_idx").on(t.scheduledAt),
    index("games_court_idx").on(t.courtId, t.scheduledAt),
    index("games_organizer_idx").on(t.organizerId),
    check(
      "games_capacity",
      sql`${t.currentPlayers} >= 0 and ${t.currentPlayers} <= ${t.maxPlayers}`,
    ),
    check("games_max_players_range", sql`${t.maxPlayers} between 2 and 30`),
  ],
);

export const gameParticipants = pgTable(
  "game_participants",
  {
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    userId: varchar("user_id", { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: varchar("status", { length: 20 }).notNull().default("joined"),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    /** The side the player was on, recorded with the game's result ("A" or "B"). */
    team: varchar("team", { length: 1 }),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.userId] }),
    index("game_participants_user_idx").on(t.userId),
    check("game_participants_team", sql`${t.team} in ('A', 'B')`),
  ],
);

export const playerBadges = pgTable(
  "player_badges",
  {
    id: serial("id").primaryKey(),
    userId: varchar("user_id", { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    badgeType: varchar("badge_type", { length: 50 }).notNull(),
    earnedAt: timestamp("earned_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // Each badge is earned once.
  (t) => [unique("player_badges_user_badge_uq").on(t.userId, t.badgeType)],
);

export const courtCheckIns = pgTable(
  "court_check_ins",
  {
    id: serial("id").primaryKey(),
    userId: varchar("user_id", { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courtId: integer("court_id")
      .notNull()
      .references(() => courts.id, { onDelete: "cascade" }),
    checkedInAt: timestamp("checked_in_at", { withTimezone: true }).notNull().defaultNow(),
    checkedOutAt: timestamp("checked_out_at", { withTimezone: true }),
  },
  (t) => [
    index("court_check_ins_open_by_court_idx").on(t.courtId).where(sql`${t.checkedOutAt} is null`),
    // A player is at one court at a time.
    uniqueIndex("court_check_ins_one_open_per_user_idx")
      .on(t.userId)
      .where(sql`${t.checkedOutAt} is null`),
    index("court_check_ins_user_idx").on(t.userId, t.checkedInAt),
  ],
);

export const waitlist = pgTable(
  "waitlist",
  {
    id: serial("id").primaryKey(),
    email: varchar("email", { length: 255 }).notNull(),
    name: varchar("name", { length: 255 }).notNull(),
    position: varchar("position", { length: 100 }),
    city: varchar("city", { length: 255 }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("waitlist_email_lower_idx").on(sql`lower(${t.email})`)],
);

export const locationSuggestions = pgTable(
  "location_suggestions",
  {
    id: serial("id").primaryKey(),
    city: varchar("city", { length: 200 }).notNull(),
    state: varchar("state", { length: 100 }).notNull(),
    country: varchar("country", { length: 100 }).notNull().default("US"),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    population: integer("population").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  // Prefix search on the city name, largest places first.
  (t) => [
    index("location_suggestions_city_prefix_idx").using(
      "btree",
      sql`lower(${t.city}) text_pattern_ops`,
      t.population.desc(),
    ),
  ],
);

export const userOnboarding = pgTable(
  "user_onboarding",
  {
    id: serial("id").primaryKey(),
    userId: varchar("user_id", { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    step: varchar("step", { length: 50 }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    data: jsonb("data"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique("user_onboarding_user_step_uq").on(t.userId, t.step)],
);

// ── Tables beyond the spec (docs/architecture.md) ────────────────────────────

/** Built-in accounts: the password hash lives apart from users so no user query can leak it. */
export const userCredentials = pgTable("user_credentials", {
  userId: varchar("user_id", { length: 36 })
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  passwordHash: text("password_hash").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** OpenID Connect identities: a user is found by issuer and subject, never by e-mail alone. */
export const userIdentities = pgTable(
  "user_identities",
  {
    id: serial("id").primaryKey(),
    userId: varchar("user_id", { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    issuer: varchar("issuer", { length: 500 }).notNull(),
    subject: varchar("subject", { length: 255 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("user_identities_issuer_subject_uq").on(t.issuer, t.subject),
    index("user_identities_user_idx").on(t.userId),
  ],
);

/** Notification and privacy settings; defaults are spec §2's. */
export const userSettings = pgTable("user_settings", {
  userId: varchar("user_id", { length: 36 })
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  gameInvites: boolean("game_invites").notNull().default(true),
  newMessages: boolean("new_messages").notNull().default(true),
  courtUpdates: boolean("court_updates").notNull().default(false),
  weeklyStats: boolean("weekly_stats").notNull().default(true),
  showLocation: boolean("show_location").notNull().default(true),
  showStats: boolean("show_stats").notNull().default(true),
  allowFriendRequests: boolean("allow_friend_requests").notNull().default(true),
  /** E-mail for the kinds that send one (docs/decisions.md, notifications); in-app stays. */
  emailNotifications: boolean("email_notifications").notNull().default(true),
  updatedAt: updatedAt(),
});

/** A signed-in user's favorite courts (the directory's Favorite Court button); once per pair. */
export const favoriteCourts = pgTable(
  "favorite_courts",
  {
    userId: varchar("user_id", { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courtId: integer("court_id")
      .notNull()
      .references(() => courts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  // The key's first column answers "my favorites"; the court index serves the cascade.
  (t) => [
    primaryKey({ columns: [t.userId, t.courtId] }),
    index("favorite_courts_court_idx").on(t.courtId),
  ],
);

/**
 * Fixed-window counters for rate limits that must hold across instances and restarts
 * (sign-in failures, bursts of public writes).
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: varchar("key", { length: 300 }).primaryKey(),
    count: integer("count").notNull().default(0),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("rate_limits_window_idx").on(t.windowStart)],
);

/** The final score of a played game, recorded by its organizer; the higher score wins. */
export const gameResults = pgTable(
  "game_results",
  {
    gameId: integer("game_id")
      .primaryKey()
      .references(() => games.id, { onDelete: "cascade" }),
    teamAScore: integer("team_a_score").notNull(),
    teamBScore: integer("team_b_score").notNull(),
    recordedBy: varchar("recorded_by", { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "game_results_scores",
      sql`${t.teamAScore} between 0 and 999 and ${t.teamBScore} between 0 and 999 and ${t.teamAScore} <> ${t.teamBScore}`,
    ),
  ],
);

/** One player's 1–5 rating of another after a game they played together; once per pair. */
export const playerRatings = pgTable(
  "player_ratings",
  {
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    raterId: varchar("rater_id", { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rateeId: varchar("ratee_id", { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.raterId, t.rateeId] }),
    index("player_ratings_ratee_idx").on(t.rateeId),
    check("player_ratings_range", sql`${t.rating} between 1 and 5`),
    check("player_ratings_not_self", sql`${t.raterId} <> ${t.rateeId}`),
  ],
);

/**
 * A game's conversation (the thread on its page), read and written by its organizer and seated
 * players. Messages sent to the organizer alone before the thread existed stay theirs only.
 */
export const gameMessages = pgTable(
  "game_messages",
  {
    id: serial("id").primaryKey(),
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    senderId: varchar("sender_id", { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: varchar("body", { length: 1000 }).notNull(),
    /** A Message Organizer message from before the thread: shown to the organizer only. */
    organizerOnly: boolean("organizer_only").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("game_messages_game_idx").on(t.gameId, t.createdAt),
    index("game_messages_sender_idx").on(t.senderId),
  ],
);

/**
 * A full game's waiting line: first come, first served by `id` (taken at arrival). A player is
 * never both here and in game_participants (a trigger refuses it; the games service checks
 * first under the game's row lock). Rows go when the player leaves the line, takes a seat or the
 * game is cancelled.
 */
export const gameLine = pgTable(
  "game_line",
  {
    id: serial("id").primaryKey(),
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    userId: varchar("user_id", { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // The moment of arrival (inserts queue on the game's row lock), not the transaction's start.
    joinedAt: timestamp("joined_at", { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    unique("game_line_game_user").on(t.gameId, t.userId),
    index("game_line_game_order_idx").on(t.gameId, t.id),
    index("game_line_user_idx").on(t.userId),
  ],
);

/**
 * Who was asked to a game: a player's invitation or the organizer's 'Need N more'. One row per
 * game and player, so nobody is asked twice to one game however many ask at once.
 */
export const gameInvites = pgTable(
  "game_invites",
  {
    id: serial("id").primaryKey(),
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    userId: varchar("user_id", { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    inviterId: varchar("inviter_id", { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** "invite" (a player's Invite) or "ask" (the organizer's 'Need N more'). */
    source: varchar("source", { length: 10 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("game_invites_game_user").on(t.gameId, t.userId),
    index("game_invites_user_idx").on(t.userId),
    index("game_invites_inviter_idx").on(t.inviterId),
    check("game_invites_source", sql`${t.source} in ('invite', 'ask')`),
    check("game_invites_not_self", sql`${t.userId} <> ${t.inviterId}`),
  ],
);

/**
 * A player's notifications: the in-app inbox and the outbox of e-mail and push in one. A row is
 * written in the transaction of the event it tells about (server/modules/notifications/notify.ts);
 * the dedupe key is unique per player, so one event is never recorded twice.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: varchar("user_id", { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** One of NOTIFICATION_KINDS (common/notifications.ts). */
    kind: varchar("kind", { length: 40 }).notNull(),
    /** What it is about: a game, a court or a player's profile (at most one is the link). */
    gameId: integer("game_id").references(() => games.id, { onDelete: "cascade" }),
    courtId: integer("court_id").references(() => courts.id, { onDelete: "cascade" }),
    profileUserId: varchar("profile_user_id", { length: 36 }).references(() => users.id, {
      onDelete: "cascade",
    }),
    /** Who caused it (never the recipient); null for the clock's events or a deleted account. */
    actorId: varchar("actor_id", { length: 36 }).references(() => users.id, {
      onDelete: "set null",
    }),
    /** What the texts need, as it was at the time (names, titles, scores). */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    dedupeKey: varchar("dedupe_key", { length: 200 }).notNull(),
    createdAt: createdAt(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    unique("notifications_user_dedupe_uq").on(t.userId, t.dedupeKey),
    // The inbox, newest first, paged by id.
    index("notifications_inbox_idx").on(t.userId, t.id.desc()),
    // The bell: a player's unread rows only, so counting them never reads the rest.
    index("notifications_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
    index("notifications_game_idx").on(t.gameId),
    index("notifications_court_idx").on(t.courtId),
    index("notifications_actor_idx").on(t.actorId),
    index("notifications_profile_idx").on(t.profileUserId),
  ],
);

/**
 * Each channel's delivery of a notification (e-mail once, push once per device): a retried job
 * skips what is recorded here, so nobody gets the same event twice on one channel.
 */
export const notificationDeliveries = pgTable(
  "notification_deliveries",
  {
    notificationId: bigint("notification_id", { mode: "number" })
      .notNull()
      .references(() => notifications.id, { onDelete: "cascade" }),
    /** "email" or "push". */
    channel: varchar("channel", { length: 10 }).notNull(),
    /** "email", or the push subscription's id. */
    target: varchar("target", { length: 64 }).notNull(),
    /** "sent", or why not: "refused" (a permanent refusal), "quiet", "off". */
    outcome: varchar("outcome", { length: 20 }).notNull().default("sent"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.channel, t.target] })],
);

/** A browser's web push subscription (Settings → Push notifications, per device). */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: serial("id").primaryKey(),
    userId: varchar("user_id", { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: varchar("endpoint", { length: 2048 }).notNull().unique(),
    p256dh: varchar("p256dh", { length: 200 }).notNull(),
    auth: varchar("auth", { length: 100 }).notNull(),
    createdAt: createdAt(),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId)],
);

/**
 * Live events of the last few minutes (GET /api/events): a stream that reconnects with
 * Last-Event-ID resumes from here. Public events have no user; a player's own carry theirs.
 */
export const liveEvents = pgTable(
  "live_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: varchar("user_id", { length: 36 }),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("live_events_created_idx").on(t.createdAt)],
);

/** Values the server makes once and keeps (the VAPID keys of web push when not configured). */
export const serverKeys = pgTable("server_keys", {
  name: varchar("name", { length: 50 }).primaryKey(),
  value: jsonb("value").$type<Record<string, string>>().notNull(),
  createdAt: createdAt(),
});
