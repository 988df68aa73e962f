export const PRODUCT_NAME = "Ball with the Bros";

export const POSITIONS = [
  "Point Guard",
  "Shooting Guard",
  "Small Forward",
  "Power Forward",
  "Center",
] as const;
export type Position = (typeof POSITIONS)[number];

export const AREAS = [
  "Downtown LA",
  "Venice Beach",
  "Hollywood",
  "Santa Monica",
  "Beverly Hills",
  "Westwood",
  "Pasadena",
] as const;

export const BADGE_TYPES = {
  hot_shooter: "Hot Shooter",
  iron_bro: "Iron Bro",
  court_king: "Court King",
  shot_caller: "Shot Caller",
  mvp: "MVP",
  legend: "Legend",
} as const;
export type BadgeType = keyof typeof BADGE_TYPES;

export const SKILL_MIN = 1;
export const SKILL_MAX = 5;
export const SKILL_DEFAULT = 3;
export const NICKNAME_MIN = 3;

export const GAME_DEFAULTS = {
  maxPlayers: 10,
  currentPlayers: 1,
  gameType: "pickup",
  status: "open",
} as const;

/** Court activity thresholds of product §9: 4+ is hot, 2–3 active, below 2 empty. */
export const COURT_HOT_MIN = 4;
export const COURT_ACTIVE_MIN = 2;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
