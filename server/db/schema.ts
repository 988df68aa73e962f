import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  foreignKey,
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
import { XP_PER_GAME, XP_PER_WIN } from "../../common/games.ts";

/** PostgreSQL's full-text document type (drizzle has none built in). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * Court search ignores case and the common accents (Señor → senor), like the directory did in the
 * browser: translate() and lower() are immutable, so the folded text can feed a stored column.
 */
export const FOLD_FROM = "áàâäãåāéèêëēíìîïīóòôöõøōúùûüūñçćčšžýÿł";
export const FOLD_TO = "aaaaaaaeeeeeiiiiiooooooouuuuuncccszyyl";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

// ── Tables of product §3 ────────────────────────────────────────────────────────

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 (hex) of the cookie's token: the token itself is never stored. */
    sid: varchar("sid", { length: 64 }).primaryKey(),
    sess: json("sess")
      .$type<{
        userId: string;
        /** ISO 8601: the sign-in; the session ends this long after it whatever its use. */
        createdAt: string;
        /** The browser's User-Agent at sign-in (Settings → Sessions shows the device). */
        userAgent?: string;
        /** ISO 8601: the last request, written at most every few minutes. */
        lastSeenAt?: string;
      }>()
      .notNull(),
    expire: timestamp("expire", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("sessions_expire_idx").on(t.expire),
    // An account's sessions, to cap how many it holds at once.
    index("sessions_user_idx").on(sql`(${t.sess}->>'userId')`),
  ],
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
    /** When the owner proved the address (a link sent to it); null: not confirmed. */
    emailConfirmedAt: timestamp("email_confirmed_at", { withTimezone: true }),
    /**
     * The address typed at sign-up when another account already owned it (decisions §46): kept
     * to show, never used to sign in or to send mail; `email` stays null.
     */
    pendingEmail: varchar("pending_email", { length: 255 }),
    /** Set when the player deleted the account: the row stays, emptied, as "Deleted player". */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** Granted and revoked only from the command line (`npm run operator`, decision 116). */
    isOperator: boolean("is_operator").notNull().default(false),
    /** Suspended by an operator until then: signs in and reads, writes nothing. */
    suspendedUntil: timestamp("suspended_until", { withTimezone: true }),
    /** Banned by an operator: cannot sign in. */
    bannedAt: timestamp("banned_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // E-mail is unique without regard to letter case: Bro@x.com and bro@x.com are one person.
    uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`),
    // The local leaderboard's players: city and state compared without regard to letter case.
    index("users_city_state_lower_idx").on(sql`lower(${t.city})`, sql`lower(${t.state})`),
    // Players near a point (nearby players, 'Need N more'): the box around the circle is read
    // from this GiST index, so only the few rows inside it get an exact distance.
    index("users_position_gist_idx").using("gist", sql`point(${t.longitude}, ${t.latitude})`),
    // Players nearest a point, nearest first (nearby players): a point on the unit sphere, the
    // expression of earthPointSql in server/lib/geo.ts (migration 0038).
    index("users_earth_point_gist_idx")
      .using(
        "gist",
        sql`cube(array[cos(radians(${t.latitude})) * cos(radians(${t.longitude})), cos(radians(${t.latitude})) * sin(radians(${t.longitude})), sin(radians(${t.latitude}))])`,
      )
      .where(sql`${t.latitude} is not null and ${t.longitude} is not null`),
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
    /**
     * The rating the court had before any player rated it (seeded or imported): the prior of
     * the Bayesian average kept in `rating` (common/court-ratings.ts). Null until the first
     * player rating, when `rating` still is that value.
     */
    ratingPrior: numeric("rating_prior", { precision: 2, scale: 1, mode: "number" }),
    /** The OpenStreetMap element an import made this court from: re-imports find it by these. */
    osmType: varchar("osm_type", { length: 8 }),
    osmId: bigint("osm_id", { mode: "number" }),
    /** OpenStreetMap's `surface` (asphalt, wood, …) and `opening_hours`, kept as mapped. */
    surface: varchar("surface", { length: 100 }),
    openingHours: varchar("opening_hours", { length: 255 }),
    /** The town the court is in (its address's, else the nearest known city): search finds it. */
    city: varchar("city", { length: 200 }),
    /**
     * The IANA zone at the court's position (server/lib/time-zone.ts), so SQL and the screens
     * show its games in local time. Every writer sets it (timeZoneAt); a NOT VALID check
     * in migration 0011 refuses rows without it, and start-up fills older rows.
     */
    timeZone: varchar("time_zone", { length: 64 }),
    /** Name, address and city, folded, for the indexed search of the directory. */
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`to_tsvector('simple'::regconfig, translate(lower(coalesce(name, '') || ' ' || coalesce(address, '') || ' ' || coalesce(city, '')), ${sql.raw(`'${FOLD_FROM}'`)}, ${sql.raw(`'${FOLD_TO}'`)}))`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("courts_source", sql`${t.source} in ('seed', 'osm', 'player')`),
    check("courts_osm_type", sql`${t.osmType} in ('node', 'way', 'relation')`),
    // One court per OpenStreetMap element: the key of idempotent re-imports.
    uniqueIndex("courts_osm_element_idx").on(t.osmType, t.osmId).where(sql`${t.osmId} is not null`),
    // The map's reads: the active courts inside a box, through a GiST index on their position.
    index("courts_position_gist_idx")
      .using("gist", sql`point(${t.longitude}, ${t.latitude})`)
      .where(sql`${t.isActive}`),
    index("courts_search_idx").using("gin", t.searchVector),
    // Popular courts and the "Most Active" / "Highest Rated" orders read the top rows only.
    index("courts_popular_idx")
      .on(t.activePlayers.desc().nullsFirst(), t.rating.desc().nullsFirst(), t.id)
      .where(sql`${t.isActive}`),
    index("courts_rating_idx").on(t.rating.desc().nullsFirst(), t.id).where(sql`${t.isActive}`),
    index("courts_name_idx").on(t.name, t.id).where(sql`${t.isActive}`),
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
     * open, active or completed follows from the time (server/db/game-lifecycle.ts).
     */
    status: varchar("status", { length: 20 }).notNull().default("open"),
    gameType: varchar("game_type", { length: 50 }).notNull().default("pickup"),
    /** Set when the organizer records the result before the set duration is up. */
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /**
     * The court's position, kept by triggers (games_keep_position, courts_move_games) so one
     * GiST index holds place and time: the soonest games near a point in index order (§55).
     */
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    /** Showing up (decision 100): the lowest reliability, in percent, a player needs to join. */
    minReliability: integer("min_reliability"),
    /** A date of a run (decision 098): the run and the date on its rule (RECURRENCE-ID). */
    runId: integer("run_id").references((): AnyPgColumn => runs.id, { onDelete: "set null" }),
    runDate: date("run_date", { mode: "string" }),
    /** Before this, only the run's regulars may join (early access). */
    opensAt: timestamp("opens_at", { withTimezone: true }),
    createdAt: createdAt(),
    // Go / no-go (migration 0042, decision 099): null minPlayers means none. decideAt is kept by
    // the games_keep_decide_at trigger; decidedAt and decision are written once by the sweep.
    minPlayers: integer("min_players"),
    decideBeforeMinutes: integer("decide_before_minutes").notNull().default(180),
    playAnyway: boolean("play_anyway").notNull().default(false),
    decideAt: timestamp("decide_at", { withTimezone: true }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decision: varchar("decision", { length: 3 }).$type<"on" | "off">(),
  },
  (t) => [
    check("games_status_stored", sql`${t.status} in ('open', 'cancelled')`),
    index("games_undecided_idx")
      .on(t.decideAt)
      .where(sql`${t.decidedAt} is null and ${t.decideAt} is not null and ${t.status} = 'open'`),
    check("games_min_players", sql`${t.minPlayers} is null or ${t.minPlayers} >= 2`),
    check("games_decide_before", sql`${t.decideBeforeMinutes} between 15 and 2880`),
    check(
      "games_decision",
      sql`${t.decision} in ('on', 'off') and ${t.decidedAt} is not null or ${t.decision} is null`,
    ),
    uniqueIndex("games_run_date_idx").on(t.runId, t.runDate),
    index("games_scheduled_at_idx").on(t.scheduledAt),
    // btree_gist puts scheduled_at beside the point (migration 0025_btree_gist).
    index("games_place_time_gist_idx").using(
      "gist",
      sql`point(${t.longitude}, ${t.latitude})`,
      t.scheduledAt,
    ),
    index("games_court_idx").on(t.courtId, t.scheduledAt),
    index("games_organizer_idx").on(t.organizerId),
    check(
      "games_capacity",
      sql`${t.currentPlayers} >= 0 and ${t.currentPlayers} <= ${t.maxPlayers}`,
    ),
    check("games_max_players_range", sql`${t.maxPlayers} between 2 and 30`),
    check("games_min_reliability_range", sql`${t.minReliability} between 1 and 100`),
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
    // Open check-ins by age: reads find the few that ran out since the last sweep, and the sweep
    // finds them, without reading every open check-in.
    index("court_check_ins_open_since_idx").on(t.checkedInAt).where(sql`${t.checkedOutAt} is null`),
    // A player is at one court at a time.
    uniqueIndex("court_check_ins_one_open_per_user_idx")
      .on(t.userId)
      .where(sql`${t.checkedOutAt} is null`),
    index("court_check_ins_user_idx").on(t.userId, t.checkedInAt),
    // A court's recent check-ins, with who: Court Kings reads one court's window from the index
    // alone, never the table.
    index("court_check_ins_court_time_idx").on(t.courtId, t.checkedInAt, t.userId),
    check(
      "court_check_ins_end_after_start",
      sql`${t.checkedOutAt} is null or ${t.checkedOutAt} >= ${t.checkedInAt}`,
    ),
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

/**
 * Single-use links of built-in accounts (confirm an address, reset a password, change the
 * address): only the SHA-256 of the link's token is kept, so a dump cannot be replayed. A link is
 * used by one atomic update that sets used_at, so two clicks at once use it once.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    tokenHash: varchar("token_hash", { length: 64 }).primaryKey(),
    userId: varchar("user_id", { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** "confirm_email", "reset_password", "change_email" or "sign_in" (a locked-out owner's way in). */
    purpose: varchar("purpose", { length: 20 }).notNull(),
    /** The address the link was sent to (the new one for a change). */
    email: varchar("email", { length: 255 }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    index("account_tokens_user_idx").on(t.userId, t.purpose),
    index("account_tokens_expires_idx").on(t.expiresAt),
    check(
      "account_tokens_purpose",
      sql`${t.purpose} in ('confirm_email', 'reset_password', 'change_email', 'sign_in')`,
    ),
  ],
);

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

/** Notification and privacy settings; defaults are product §2's. */
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
  /** E-mail for the kinds that send one (decision 026); in-app stays. */
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
 * A player's level learned from results (decision 110): the OpenSkill rating's mean and
 * uncertainty. A player without a row stands where their five self-rated skills put them.
 */
export const skillRatings = pgTable(
  "skill_ratings",
  {
    userId: varchar("user_id", { length: 36 })
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    mu: doublePrecision("mu").notNull(),
    sigma: doublePrecision("sigma").notNull(),
    /** Results that moved it. */
    games: integer("games").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [check("skill_ratings_sigma", sql`${t.sigma} > 0`)],
);

/**
 * What each game did to a player's rating: a result, or the peer ratings given after it. Kept so
 * a corrected result replaces its own change and a recompute can replay everything in order.
 */
export const skillRatingChanges = pgTable(
  "skill_rating_changes",
  {
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    userId: varchar("user_id", { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    source: varchar("source", { length: 8 }).notNull(),
    muBefore: doublePrecision("mu_before").notNull(),
    sigmaBefore: doublePrecision("sigma_before").notNull(),
    muAfter: doublePrecision("mu_after").notNull(),
    sigmaAfter: doublePrecision("sigma_after").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.userId, t.source] }),
    index("skill_rating_changes_user_idx").on(t.userId, t.createdAt),
    check("skill_rating_changes_source", sql`${t.source} in ('result', 'peers')`),
  ],
);

/** A friend request (decision 113): pending, or declined (kept, so the sender cannot ask again). */
export const friendRequests = pgTable(
  "friend_requests",
  {
    fromId: varchar("from_id", { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    toId: varchar("to_id", { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    declinedAt: timestamp("declined_at", { withTimezone: true }),
    /** The sender withdrew it after it was declined: hidden from them, still refusing a new ask. */
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.fromId, t.toId] }),
    index("friend_requests_to_idx").on(t.toId),
    check("friend_requests_not_self", sql`${t.fromId} <> ${t.toId}`),
  ],
);

/** A friendship, as two rows (one per direction). */
export const friendships = pgTable(
  "friendships",
  {
    userId: varchar("user_id", { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    friendId: varchar("friend_id", { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.friendId] }),
    check("friendships_not_self", sql`${t.userId} <> ${t.friendId}`),
  ],
);

/**
 * A player blocked another (decision 114). One row, enforced both ways: neither sees the other
 * in nearby players, invites, 'Need N more', friend requests or game threads.
 */
export const playerBlocks = pgTable(
  "player_blocks",
  {
    blockerId: varchar("blocker_id", { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: varchar("blocked_id", { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index("player_blocks_blocked_idx").on(t.blockedId, t.blockerId),
    check("player_blocks_not_self", sql`${t.blockerId} <> ${t.blockedId}`),
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
    /** Hidden by an operator (decision 116): shown to nobody. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
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
    /** Deliveries failed in a row (no answer, 5xx); at PUSH_FAILURES_MAX the device goes. */
    failures: integer("failures").notNull().default(0),
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

/**
 * One row whose version goes up, in the same transaction, with every statement that changes
 * what the map shows of courts (a trigger of migration 0011; check-ins' live counts excluded).
 * Each instance keeps its map answers only while this version stays the same.
 */
export const courtMapVersion = pgTable(
  "court_map_version",
  {
    id: integer("id").primaryKey().default(1),
    version: bigint("version", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("court_map_version_one_row", sql`${t.id} = 1`)],
);

/**
 * What players at a court report (common/court-conditions.ts): each lapses at expires_at, which
 * every confirmation by another player moves later. `basis` records why the reporter counted as
 * being there: a recent check-in at the court, or the browser position they sent (kept too).
 */
export const courtConditionReports = pgTable(
  "court_condition_reports",
  {
    id: serial("id").primaryKey(),
    courtId: integer("court_id")
      .notNull()
      .references(() => courts.id, { onDelete: "cascade" }),
    userId: varchar("user_id", { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 30 }).notNull(),
    note: varchar("note", { length: 200 }),
    basis: varchar("basis", { length: 20 }).notNull(),
    reporterLatitude: doublePrecision("reporter_latitude"),
    reporterLongitude: doublePrecision("reporter_longitude"),
    /** Hidden by an operator (decision 116): shown to nobody. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    // The live reports of one court: court, then expiry, so lapsed ones are never read.
    index("court_condition_reports_court_expiry_idx").on(t.courtId, t.expiresAt),
    index("court_condition_reports_user_idx").on(t.userId),
    check("court_condition_reports_basis", sql`${t.basis} in ('check_in', 'position')`),
  ],
);

/** Another player's "still true" on a report; once per player and report. */
export const courtConditionConfirmations = pgTable(
  "court_condition_confirmations",
  {
    reportId: integer("report_id")
      .notNull()
      .references(() => courtConditionReports.id, { onDelete: "cascade" }),
    userId: varchar("user_id", { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    basis: varchar("basis", { length: 20 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.reportId, t.userId] }),
    index("court_condition_confirmations_user_idx").on(t.userId),
    check("court_condition_confirmations_basis", sql`${t.basis} in ('check_in', 'position')`),
  ],
);

/** A player's 1–5 rating of a court; one per player and court, changeable. */
export const courtRatings = pgTable(
  "court_ratings",
  {
    courtId: integer("court_id")
      .notNull()
      .references(() => courts.id, { onDelete: "cascade" }),
    userId: varchar("user_id", { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.courtId, t.userId] }),
    index("court_ratings_user_idx").on(t.userId),
    check("court_ratings_range", sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * A player's suggestion of a missing court ("new") or of a correction to one ("change"),
 * decided by other players' votes (common/court-suggestions.ts). Only the decision is stored
 * (pending, accepted, rejected); a pending one past expires_at reads as expired. The proposed
 * facts are columns: for a correction, null means "unchanged".
 */
export const courtSuggestions = pgTable(
  "court_suggestions",
  {
    id: serial("id").primaryKey(),
    userId: varchar("user_id", { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 10 }).notNull(),
    /** The corrected court; for an accepted new court, the court it created. */
    courtId: integer("court_id").references(() => courts.id, { onDelete: "cascade" }),
    status: varchar("status", { length: 10 }).notNull().default("pending"),
    /** Where it is: the new court's point, or the corrected court's place (for "nearby"). */
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    name: varchar("name", { length: 200 }),
    address: varchar("address", { length: 300 }),
    isIndoor: boolean("is_indoor"),
    lighting: boolean("lighting"),
    freeToPlay: boolean("free_to_play"),
    numberOfCourts: integer("number_of_courts"),
    closed: boolean("closed"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    check("court_suggestions_kind", sql`${t.kind} in ('new', 'change')`),
    check("court_suggestions_status", sql`${t.status} in ('pending', 'accepted', 'rejected')`),
    check("court_suggestions_change_has_court", sql`${t.kind} = 'new' or ${t.courtId} is not null`),
    index("court_suggestions_user_idx").on(t.userId, t.createdAt),
    index("court_suggestions_court_idx").on(t.courtId),
    // Open suggestions around a point: a bounding box on the pending ones only.
    index("court_suggestions_pending_place_idx")
      .on(t.latitude, t.longitude)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** One player's vote on a suggestion: agree ("this is right") or not ("this is wrong"). */
export const courtSuggestionVotes = pgTable(
  "court_suggestion_votes",
  {
    suggestionId: integer("suggestion_id")
      .notNull()
      .references(() => courtSuggestions.id, { onDelete: "cascade" }),
    userId: varchar("user_id", { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    agree: boolean("agree").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.suggestionId, t.userId] }),
    index("court_suggestion_votes_user_idx").on(t.userId),
  ],
);

/**
 * Popular times kept as they happen: per court and hour (UTC), the check-ins that began in that
 * hour and the players present during it. Written only by the court_check_ins triggers (custom
 * migration court_hourly_visits_trigger) when a check-in ends, so a court page reads at most
 * 8 weeks × 168 rows of one court however many check-ins it had. Hours past the popular-times
 * window are pruned by the maintenance sweep.
 */
export const courtHourlyVisits = pgTable(
  "court_hourly_visits",
  {
    courtId: integer("court_id")
      .notNull()
      .references(() => courts.id, { onDelete: "cascade" }),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    arrivals: integer("arrivals").notNull().default(0),
    present: integer("present").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.courtId, t.hour] }),
    index("court_hourly_visits_hour_idx").on(t.hour),
  ],
);

/*
 * Kept totals (decision 052). A player's record as the definitions of decision 017 count it,
 * kept by triggers (custom migration kept_totals_triggers) in the transaction of the seat,
 * result, game change or check-in that moves it, and by the settling sweep for games that end
 * by the clock (server/modules/totals/settle.ts). No foreign keys: a row is taken away by the
 * trigger that subtracts it, from what was added (player_games), so deletes cascading from a
 * game or a user subtract exactly what they had added.
 */

/** Games counted in the totals ("settled"): played (§16) when last looked at. */
export const settledGames = pgTable(
  "settled_games",
  {
    gameId: integer("game_id").primaryKey(),
    organizerId: varchar("organizer_id", { length: 36 }).notNull(),
    /** Counted for Shot Caller (at least 2 players). */
    organized: boolean("organized").notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** Counted in player_week_totals; the sweep takes it out once it ended WEEKLY_DAYS ago. */
    inWeek: boolean("in_week").notNull(),
  },
  (t) => [index("settled_games_in_week_idx").on(t.endsAt).where(sql`${t.inWeek}`)],
);

/** The seats of settled games, as counted: what a change subtracts before adding anew. */
export const playerGames = pgTable(
  "player_games",
  {
    userId: varchar("user_id", { length: 36 }).notNull(),
    gameId: integer("game_id").notNull(),
    courtId: integer("court_id").notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    seconds: numeric("seconds").notNull(),
    /** true won, false lost, null undecided. */
    won: boolean("won"),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.gameId] }),
    // The current streak reads back from the latest decided game: the index alone.
    index("player_games_user_time_idx").on(t.userId, t.endsAt, t.gameId, t.won),
    index("player_games_game_idx").on(t.gameId),
  ],
);

const pointsSql = (played: string, wins: string) =>
  sql.raw(`${XP_PER_GAME} * "${played}" + ${XP_PER_WIN} * "${wins}"`);

/** All-time figures per player. */
export const playerTotals = pgTable(
  "player_totals",
  {
    userId: varchar("user_id", { length: 36 }).primaryKey(),
    played: integer("played").notNull().default(0),
    decided: integer("decided").notNull().default(0),
    wins: integer("wins").notNull().default(0),
    points: integer("points").notNull().generatedAlwaysAs(pointsSql("played", "wins")),
    seconds: numeric("seconds").notNull().default("0"),
    /** Settled games organized that had at least 2 players (Shot Caller). */
    organized: integer("organized").notNull().default(0),
    /** The player's player_bros rows (bros connected), kept by triggers on that table. */
    bros: integer("bros").notNull().default(0),
    /** The player's player_courts rows (courts visited), kept by triggers on that table. */
    courts: integer("courts").notNull().default(0),
    /** The sum and number of the ratings received (player_ratings), for the average. */
    ratingSum: integer("rating_sum").notNull().default(0),
    ratings: integer("ratings").notNull().default(0),
    /**
     * The player's city and state (users), lower-cased as the local board compares them, kept
     * by triggers: the local board reads its city's part of player_totals_city_rank_idx.
     */
    cityLower: text("city_lower"),
    stateLower: text("state_lower"),
    /**
     * What decides whether the player is counted in the cities list (decision 060):
     * the city as they spelled it, a profile, and stats and location shown, kept by triggers
     * on users, player_profiles and user_settings so every change passes through this row.
     */
    city: text("city"),
    state: text("state"),
    hasProfile: boolean("has_profile").notNull().default(false),
    showsStats: boolean("shows_stats").notNull().default(true),
    showsLocation: boolean("shows_location").notNull().default(true),
  },
  (t) => [
    index("player_totals_rank_idx")
      .on(t.points.desc(), t.wins.desc(), t.played.desc())
      .where(sql`${t.played} > 0`),
    index("player_totals_city_rank_idx")
      .on(t.cityLower, t.stateLower, t.points.desc(), t.wins.desc(), t.played.desc())
      .where(sql`${t.played} > 0`),
  ],
);

/**
 * The cities list (decision 060): per city and state (lower-cased), how many players
 * a local board would list, kept by a trigger on player_totals; read from the top of its
 * count index.
 */
export const cityPlayers = pgTable(
  "city_players",
  {
    cityLower: text("city_lower").notNull(),
    stateLower: text("state_lower").notNull(),
    players: integer("players").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.cityLower, t.stateLower] }),
    index("city_players_count_idx")
      .on(t.players.desc(), t.cityLower, t.stateLower)
      .where(sql`${t.players} > 0`),
  ],
);

/** The same players per exact spelling of city and state, for the spelling most of them use. */
export const citySpellings = pgTable(
  "city_spellings",
  {
    cityLower: text("city_lower").notNull(),
    stateLower: text("state_lower").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    players: integer("players").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.cityLower, t.stateLower, t.city, t.state] })],
);

/** The same figures over the games that ended in the last WEEKLY_DAYS days. */
export const playerWeekTotals = pgTable(
  "player_week_totals",
  {
    userId: varchar("user_id", { length: 36 }).primaryKey(),
    played: integer("played").notNull().default(0),
    decided: integer("decided").notNull().default(0),
    wins: integer("wins").notNull().default(0),
    points: integer("points").notNull().generatedAlwaysAs(pointsSql("played", "wins")),
  },
  (t) => [
    index("player_week_totals_rank_idx")
      .on(t.points.desc(), t.wins.desc(), t.played.desc())
      .where(sql`${t.played} > 0`),
  ],
);

/** Courts a player played at or checked in to (a row exists while either count is above 0). */
export const playerCourts = pgTable(
  "player_courts",
  {
    userId: varchar("user_id", { length: 36 }).notNull(),
    courtId: integer("court_id").notNull(),
    games: integer("games").notNull().default(0),
    wins: integer("wins").notNull().default(0),
    checkIns: integer("check_ins").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courtId] })],
);

/** Other players met in settled games (a row exists while games is above 0). */
export const playerBros = pgTable(
  "player_bros",
  {
    userId: varchar("user_id", { length: 36 }).notNull(),
    broId: varchar("bro_id", { length: 36 }).notNull(),
    games: integer("games").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.broId] })],
);

/**
 * Players whose badge figures moved since the badge sweep last looked at them (decision §59):
 * filled by triggers on player_totals in the writer's transaction, drained by the sweep in
 * batches, so a sweep reads only what changed.
 */
export const badgeQueue = pgTable("badge_queue", {
  userId: varchar("user_id", { length: 36 }).primaryKey(),
  queuedAt: timestamp("queued_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One row: every game scheduled before this (and not cancelled) is settled. */
export const totalsSweep = pgTable(
  "totals_sweep",
  {
    id: integer("id").primaryKey().default(1),
    settledThrough: timestamp("settled_through", { withTimezone: true }).notNull(),
  },
  (t) => [check("totals_sweep_one_row", sql`${t.id} = 1`)],
);

// ── Weather at tip-off (issue 32 point 8, migration 0044, decision 101) ──

/**
 * The forecast of an outdoor court for one hour (UTC), as Open-Meteo gave it when the job
 * queue last fetched it (server/modules/weather/refresh-forecasts.ts); only the hours in which
 * the court's open games start are kept.
 */
export const courtForecasts = pgTable(
  "court_forecasts",
  {
    courtId: integer("court_id")
      .notNull()
      .references(() => courts.id, { onDelete: "cascade" }),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    rainPercent: integer("rain_percent").notNull(),
    temperatureC: doublePrecision("temperature_c").notNull(),
    windKmh: doublePrecision("wind_kmh").notNull(),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "court_forecasts_pk", columns: [t.courtId, t.hour] }),
    index("court_forecasts_hour_idx").on(t.hour),
    check("court_forecasts_rain_range", sql`${t.rainPercent} between 0 and 100`),
  ],
);

/**
 * When the job last asked the forecast server about a court, answered or not: a court is asked
 * again an hour later, or sooner when a game was created there since.
 */
export const courtForecastAsks = pgTable("court_forecast_asks", {
  courtId: integer("court_id")
    .primaryKey()
    .references(() => courts.id, { onDelete: "cascade" }),
  askedAt: timestamp("asked_at", { withTimezone: true }).notNull(),
});

/** Games their organizer called off for the weather: nobody's reliability counts them. */
export const weatherCallOffs = pgTable("weather_call_offs", {
  gameId: integer("game_id")
    .primaryKey()
    .references(() => games.id, { onDelete: "cascade" }),
  calledAt: timestamp("called_at", { withTimezone: true }).notNull().defaultNow(),
});

// ── Reminders that free seats and calendar feeds (issue 32, decision 102) ───────────────────

/** "Can't make it" links already used: the hash of the signed token (one use each). */
export const cantMakeItUses = pgTable(
  "cant_make_it_uses",
  {
    tokenHash: varchar("token_hash", { length: 64 }).primaryKey(),
    userId: varchar("user_id", { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    usedAt: timestamp("used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("cant_make_it_uses_game_idx").on(t.gameId)],
);

/** A player's private calendar feed: its token is derived from `nonce`, found by its hash. */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    userId: varchar("user_id", { length: 36 })
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    nonce: varchar("nonce", { length: 64 }).notNull(),
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("calendar_feeds_token_hash_key").on(t.tokenHash)],
);

// Showing up counts (issue 32 point 6, decision 100): attendance, closing it, and drops.

/** A seated player marked present: by a check-in at the court in its window, or by the organizer. */
export const gameAttendance = pgTable(
  "game_attendance",
  {
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    userId: varchar("user_id", { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    markedBy: varchar("marked_by", { length: 12 }).notNull(),
    markedAt: timestamp("marked_at", { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    primaryKey({ name: "game_attendance_pk", columns: [t.gameId, t.userId] }),
    index("game_attendance_user_idx").on(t.userId),
    check("game_attendance_marked_by", sql`${t.markedBy} in ('check_in', 'organizer')`),
  ],
);

/** The organizer closed attendance early; without a row it closes 48 h after the start. */
export const gameAttendanceClosed = pgTable("game_attendance_closed", {
  gameId: integer("game_id")
    .primaryKey()
    .references(() => games.id, { onDelete: "cascade" }),
  closedAt: timestamp("closed_at", { withTimezone: true })
    .notNull()
    .default(sql`clock_timestamp()`),
});

/** A player gave up their seat: late when within 12 h of the start (the last drop is kept). */
export const gameDrops = pgTable(
  "game_drops",
  {
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    userId: varchar("user_id", { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    droppedAt: timestamp("dropped_at", { withTimezone: true }).notNull(),
    late: boolean("late").notNull(),
  },
  (t) => [
    primaryKey({ name: "game_drops_pk", columns: [t.gameId, t.userId] }),
    index("game_drops_user_idx").on(t.userId, t.droppedAt).where(sql`${t.late}`),
  ],
);

// ── Runs (issue 32, decision 098) ──

/** A game that repeats on the court's clock; each date is a game with run_id and run_date. */
export const runs = pgTable(
  "runs",
  {
    id: serial("id").primaryKey(),
    courtId: integer("court_id")
      .notNull()
      .references(() => courts.id, { onDelete: "restrict" }),
    organizerId: varchar("organizer_id", { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: varchar("title", { length: 200 }),
    gameType: varchar("game_type", { length: 50 }).notNull().default("pickup"),
    maxPlayers: integer("max_players").notNull(),
    /** HH:MM on the court's clock. */
    startTime: varchar("start_time", { length: 5 }).notNull(),
    /** 0 = Monday … 6 = Sunday. */
    weekdays: integer("weekdays").array().notNull(),
    intervalWeeks: integer("interval_weeks").notNull().default(1),
    firstDate: date("first_date", { mode: "string" }).notNull(),
    untilDate: date("until_date", { mode: "string" }),
    count: integer("count"),
    /** Hours a new date is open to regulars only. */
    earlyAccessHours: integer("early_access_hours").notNull().default(0),
    status: varchar("status", { length: 20 }).notNull().default("active"),
    /** Dates up to this one exist as games: the job looks only at runs behind the horizon. */
    madeThrough: date("made_through", { mode: "string" }),
    createdAt: createdAt(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [
    check("runs_status", sql`${t.status} in ('active', 'ended')`),
    check("runs_interval", sql`${t.intervalWeeks} between 1 and 4`),
    check("runs_max_players_range", sql`${t.maxPlayers} between 2 and 30`),
    check("runs_weekdays", sql`cardinality(${t.weekdays}) between 1 and 7`),
    check("runs_early_access", sql`${t.earlyAccessHours} between 0 and 168`),
    index("runs_organizer_idx").on(t.organizerId),
    index("runs_to_make_idx").on(t.madeThrough, t.id).where(sql`${t.status} = 'active'`),
  ],
);

/** Players who follow a run; count_me_in seats them on each new date while seats last. */
export const runRegulars = pgTable(
  "run_regulars",
  {
    runId: integer("run_id")
      .notNull()
      .references(() => runs.id, { onDelete: "cascade" }),
    userId: varchar("user_id", { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    countMeIn: boolean("count_me_in").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.userId] }),
    index("run_regulars_user_idx").on(t.userId),
  ],
);

// Seats offered near the start (issue 32 point 4, decision 103).

/** A freed seat held for the first in line until lapses_at; counted in games.current_players. */
export const seatOffers = pgTable(
  "seat_offers",
  {
    id: serial("id").primaryKey(),
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    userId: varchar("user_id", { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    offeredAt: timestamp("offered_at", { withTimezone: true }).notNull().defaultNow(),
    lapsesAt: timestamp("lapses_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    unique("seat_offers_game_user").on(t.gameId, t.userId),
    index("seat_offers_lapses_idx").on(t.lapsesAt),
    index("seat_offers_user_idx").on(t.userId),
  ],
);

// Organizer tools (issue 32 point 9, decision 104).

/** Co-organizers of a run: regulars (the foreign key) who may use the run's organizer tools. */
export const runOrganizers = pgTable(
  "run_organizers",
  {
    runId: integer("run_id").notNull(),
    userId: varchar("user_id", { length: 36 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.userId] }),
    foreignKey({
      columns: [t.runId, t.userId],
      foreignColumns: [runRegulars.runId, runRegulars.userId],
    }).onDelete("cascade"),
    index("run_organizers_user_idx").on(t.userId),
  ],
);

// Balanced teams (issue 33 point 3, decision 111).

/** A game's current teams: A and B play, C waits ("Next"); one row a player. */
export const gameTeams = pgTable(
  "game_teams",
  {
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    userId: varchar("user_id", { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    team: varchar("team", { length: 1 }).notNull(),
    madeAt: timestamp("made_at", { withTimezone: true }).notNull().defaultNow(),
    madeBy: varchar("made_by", { length: 36 }).references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.userId] }),
    index("game_teams_user_idx").on(t.userId),
    check("game_teams_team", sql`${t.team} in ('A', 'B', 'C')`),
  ],
);

/** The organizer let the game's seated players make teams (no row: only organizers). */
export const gameTeamSettings = pgTable("game_team_settings", {
  gameId: integer("game_id")
    .primaryKey()
    .references(() => games.id, { onDelete: "cascade" }),
  playersMakeTeams: boolean("players_make_teams").notNull().default(false),
});

/** A seated player asked to play on the same team as another seated player. */
export const gameTeamPairs = pgTable(
  "game_team_pairs",
  {
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    userId: varchar("user_id", { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    partnerId: varchar("partner_id", { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.userId] }),
    index("game_team_pairs_partner_idx").on(t.partnerId),
    check("game_team_pairs_not_self", sql`${t.userId} <> ${t.partnerId}`),
  ],
);

/**
 * A player's report of a player, message, condition report, court suggestion or game (decision
 * 116). One open report per reporter and content; an operator resolves it once.
 */
export const reports = pgTable(
  "reports",
  {
    id: serial("id").primaryKey(),
    reporterId: varchar("reporter_id", { length: 36 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 20 }).notNull(),
    targetId: varchar("target_id", { length: 36 }).notNull(),
    reportedUserId: varchar("reported_user_id", { length: 36 }).references(() => users.id, {
      onDelete: "set null",
    }),
    reason: varchar("reason", { length: 20 }).notNull(),
    details: varchar("details", { length: 500 }),
    status: varchar("status", { length: 10 }).notNull().default("open"),
    createdAt: createdAt(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: varchar("resolved_by", { length: 36 }).references(() => users.id, {
      onDelete: "set null",
    }),
    action: varchar("action", { length: 10 }),
  },
  (t) => [
    index("reports_open_idx").on(t.createdAt, t.id).where(sql`${t.status} = 'open'`),
    uniqueIndex("reports_open_once_idx")
      .on(t.reporterId, t.kind, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index("reports_target_idx").on(t.kind, t.targetId),
    check(
      "reports_kind",
      sql`${t.kind} in ('player', 'message', 'condition_report', 'court_suggestion', 'game')`,
    ),
    check(
      "reports_reason",
      sql`${t.reason} in ('spam', 'harassment', 'hate', 'sexual', 'violence', 'other')`,
    ),
    check("reports_status", sql`${t.status} in ('open', 'resolved')`),
    check("reports_resolved", sql`(${t.status} = 'open') = (${t.resolvedAt} is null)`),
  ],
);

/**
 * Every operator action and every grant or revoke (decision 116). Ids are plain values, not
 * references, and a trigger refuses UPDATE and DELETE: the log is append-only.
 */
export const auditLog = pgTable("audit_log", {
  id: serial("id").primaryKey(),
  at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  operatorId: varchar("operator_id", { length: 36 }),
  action: varchar("action", { length: 20 }).notNull(),
  targetUserId: varchar("target_user_id", { length: 36 }),
  reportId: integer("report_id"),
  reason: varchar("reason", { length: 500 }),
  summary: varchar("summary", { length: 300 }).notNull(),
});

/** What the contact form sent (decision 117), for the operators; signed in: who sent it. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    userId: varchar("user_id", { length: 36 }).references(() => users.id, {
      onDelete: "set null",
    }),
    name: varchar("name", { length: 100 }).notNull(),
    email: varchar("email", { length: 255 }).notNull(),
    subject: varchar("subject", { length: 150 }).notNull(),
    message: varchar("message", { length: 5000 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_user_idx").on(t.userId)],
);
