import { z } from "zod";
import { COURT_PAGE_SIZE } from "./court-limits.ts";
import { idParamsSchema } from "./id-params.ts";
import { type BBox, isTile } from "./map-tiles.ts";

export { COURT_PAGE_SIZE, COURTS_COUNT_CAP } from "./court-limits.ts";

/** One court as the directory and its map use it (product §3): no timestamps, no isActive. */
export const courtSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  isIndoor: z.boolean(),
  courtType: z.string(),
  numberOfCourts: z.number().int(),
  lighting: z.boolean(),
  freeToPlay: z.boolean(),
  rating: z.number(),
  description: z.string().nullable(),
  amenities: z.array(z.string()),
  activePlayers: z.number().int(),
  /** OpenStreetMap's surface and opening hours, when the court was imported with them. */
  surface: z.string().nullable(),
  openingHours: z.string().nullable(),
  /** IANA zone of the court's position: its games are shown in this local time. */
  timeZone: z.string(),
});
export type Court = z.infer<typeof courtSchema>;

export const courtListSchema = z.array(courtSchema);

/** The title of a court page whose court does not exist (as GAME_NOT_FOUND for games). */
export const COURT_PAGE_NOT_FOUND = "Court not found";

export const COURT_ID_MESSAGE = "Court id must be a positive whole number";
/** Path parameter `{id}` of /api/courts/{id}/…. */
export const courtIdParamsSchema = idParamsSchema(COURT_ID_MESSAGE);

/** GET /api/courts/favorites: the caller's favorite court ids, ascending. */
export const favoriteCourtIdsSchema = z.array(z.number().int());

/** An upcoming game at one court (GET /api/courts/{id}/games). */
export const courtGameSchema = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  /** ISO 8601. */
  scheduledAt: z.string(),
  currentPlayers: z.number().int(),
  maxPlayers: z.number().int(),
  status: z.string(),
  gameType: z.string(),
});
export type CourtGame = z.infer<typeof courtGameSchema>;

export const courtGameListSchema = z.array(courtGameSchema);

/** A court's facts in words, as link previews and search results show them. */
export function courtFacts(
  court: Pick<Court, "isIndoor" | "numberOfCourts" | "lighting" | "freeToPlay">,
): string[] {
  return [
    court.isIndoor ? "Indoor" : "Outdoor",
    court.numberOfCourts === 1 ? "1 court" : `${court.numberOfCourts} courts`,
    court.lighting ? "Lights" : "No lights",
    court.freeToPlay ? "Free to play" : "Paid",
  ];
}

// ── The directory at national scale: the map by tiles, the list by pages, search on the server ──

export const COURT_SORTS = ["rating", "name", "active"] as const;
export type CourtSort = (typeof COURT_SORTS)[number];
export const COURT_TYPES = ["indoor", "outdoor"] as const;
/** The most one page of GET /api/courts may hold (its default size is COURT_PAGE_SIZE). */
export const COURT_PAGE_MAX = 100;
export const COURT_OFFSET_MAX = 10_000;
export const COURT_SEARCH_MAX = 100;
export const COURT_IDS_MAX = 50;

const booleanParam = (name: string) =>
  z
    .enum(["true", "false"], { error: `${name} must be true or false` })
    .transform((v) => v === "true");

/** The directory's filters (product §2: Outdoor or Indoor, Lit Courts, Free to Play). */
const filterFields = {
  type: z.enum(COURT_TYPES, { error: "type must be indoor or outdoor" }).optional(),
  lit: booleanParam("lit").optional(),
  free: booleanParam("free").optional(),
};
export type CourtFilterQuery = {
  type?: (typeof COURT_TYPES)[number];
  lit?: boolean;
  free?: boolean;
};

const numbers = (text: string) =>
  text.split(",").map((part) => (part.trim() === "" ? Number.NaN : Number(part)));

const BBOX_MESSAGE = "bbox must be west,south,east,north in degrees";
const bboxParam = z.string().transform((text, ctx) => {
  const values = numbers(text);
  const [west = 0, south = 0, east = 0, north = 0] = values;
  const ok =
    values.length === 4 &&
    values.every(Number.isFinite) &&
    Math.abs(south) <= 90 &&
    Math.abs(north) <= 90 &&
    south <= north &&
    west >= -360 &&
    east <= 360 &&
    west <= east;
  if (!ok) {
    ctx.addIssue({ code: "custom", message: BBOX_MESSAGE });
    return z.NEVER;
  }
  return [west, south, east, north] as BBox;
});

const NEAR_MESSAGE = "near must be latitude,longitude";
const nearParam = z.string().transform((text, ctx) => {
  const values = numbers(text);
  const [lat = 0, lng = 0] = values;
  if (
    values.length !== 2 ||
    !values.every(Number.isFinite) ||
    Math.abs(lat) > 90 ||
    Math.abs(lng) > 180
  ) {
    ctx.addIssue({ code: "custom", message: NEAR_MESSAGE });
    return z.NEVER;
  }
  return { lat, lng };
});

const IDS_MESSAGE = `ids must be up to ${COURT_IDS_MAX} court ids separated by commas`;
const idsParam = z.string().transform((text, ctx) => {
  const parts = text.split(",");
  const ids = parts.map(Number);
  const ok =
    parts.length <= COURT_IDS_MAX &&
    parts.every((part) => /^\d{1,10}$/.test(part.trim())) &&
    ids.every((id) => id >= 1 && id <= 2_147_483_647);
  if (!ok) {
    ctx.addIssue({ code: "custom", message: IDS_MESSAGE });
    return z.NEVER;
  }
  return ids;
});

const wholeNumber = (name: string, min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number from ${min} to ${max}` })
    .int(`${name} must be a whole number from ${min} to ${max}`)
    .min(min, `${name} must be a whole number from ${min} to ${max}`)
    .max(max, `${name} must be a whole number from ${min} to ${max}`)
    .default(fallback);

/**
 * GET /api/courts: one page of active courts, never the whole directory. Inside the map's box
 * (`bbox`), matching a search (`q`: every word, as a prefix, in the name, address or city), or
 * given by id (`ids`); filtered; sorted by rating, name or activity, or nearest first (`near`).
 * The answer is Court[]; the header X-Total-Count says how many match (capped, see above).
 */
export const courtListQuerySchema = z.object({
  ...filterFields,
  q: z
    .string()
    .trim()
    .max(COURT_SEARCH_MAX, `q must be at most ${COURT_SEARCH_MAX} characters`)
    .optional(),
  bbox: bboxParam.optional(),
  near: nearParam.optional(),
  ids: idsParam.optional(),
  sort: z
    .enum(COURT_SORTS, { error: `sort must be one of ${COURT_SORTS.join(", ")}` })
    .default("rating"),
  limit: wholeNumber("limit", 1, COURT_PAGE_MAX, COURT_PAGE_SIZE),
  offset: wholeNumber("offset", 0, COURT_OFFSET_MAX, 0),
});
export type CourtListQuery = z.infer<typeof courtListQuerySchema>;

/** GET /api/courts/tiles/{z}/{x}/{y}: the map's courts in one tile, filtered like the list. */
export const courtTileQuerySchema = z.object(filterFields);
const TILE_MESSAGE = "No such map tile: z is 0 to 19, x and y 0 to 2^z - 1";
export const courtTileParamsSchema = z
  .object({
    z: z
      .string()
      .regex(/^\d{1,2}$/, TILE_MESSAGE)
      .transform(Number),
    x: z
      .string()
      .regex(/^\d{1,6}$/, TILE_MESSAGE)
      .transform(Number),
    y: z
      .string()
      .regex(/^\d{1,6}$/, TILE_MESSAGE)
      .transform(Number),
  })
  .refine(isTile, TILE_MESSAGE);

const bboxSchema = z.tuple([z.number(), z.number(), z.number(), z.number()]);

/** Courts too close together to show apart at this zoom: one marker with their count. */
export const courtClusterSchema = z.object({
  /** Stable for one tile, cell and set of filters. */
  key: z.string(),
  count: z.number().int(),
  latitude: z.number(),
  longitude: z.number(),
  /** [west, south, east, north] of its courts: choosing the cluster zooms the map to them. */
  bounds: bboxSchema,
});
export type CourtCluster = z.infer<typeof courtClusterSchema>;

export const courtTileSchema = z.object({
  clusters: z.array(courtClusterSchema),
  courts: courtListSchema,
});
export type CourtTile = z.infer<typeof courtTileSchema>;

/** GET /api/courts/overview: the directory's totals and where its courts are. */
export const courtOverviewSchema = z.object({
  totalCourts: z.number().int(),
  activePlayers: z.number().int(),
  /** [west, south, east, north] of every active court; null when there are none. */
  bounds: bboxSchema.nullable(),
});
export type CourtOverview = z.infer<typeof courtOverviewSchema>;
