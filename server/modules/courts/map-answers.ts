import { eq } from "drizzle-orm";
import type {
  CourtFilterQuery,
  CourtListQuery,
  CourtOverview,
  CourtTile,
} from "../../../common/courts.ts";
import type { Tile } from "../../../common/map-tiles.ts";
import type { Queryable } from "../../db/client.ts";
import { courtMapVersion } from "../../db/schema.ts";
import { type EncodedAnswer, encodeAnswer } from "../../lib/encoded-answers.ts";
import { sharedAnswers } from "../../lib/shared-answers.ts";
import { courtOverview, courtTile, listCourts } from "./directory.ts";
import { popularCourts } from "./popular-courts.ts";

/**
 * How long an answer is kept at most. Changes to the courts drop the answers at once (the map
 * version), and so do check-ins heard as live events (liveCountsChanged), so the live player
 * counts (red markers, the totals) follow within the time a viewer's refetch takes.
 */
export const MAP_ANSWER_MAX_AGE_MS = 30_000;
const MAX_TILES = 5_000;
const MAX_PAGES = 2_000;

const filterKey = ({ type, lit, free }: CourtFilterQuery) =>
  `${type ?? "all"}:${lit ? "lit" : "any"}:${free ? "free" : "any"}`;

/** A page of GET /api/courts, encoded, with how many match (X-Total-Count). */
export type EncodedPage = EncodedAnswer & { total: number };

/** One text per distinct list query, whatever the order of its parameters. */
const pageKey = (query: CourtListQuery) =>
  JSON.stringify(Object.entries(query).sort(([a], [b]) => a.localeCompare(b)));

/**
 * The directory's answers, shared by every viewer of this instance: a tile (per filter set), a
 * page of cards (per query: every visitor's first view is the same) or the overview is
 * computed once, compressed once, and served from memory with an ETag until the courts change
 * or MAP_ANSWER_MAX_AGE_MS passes. Each request reads court_map_version (one primary-key read,
 * shared by concurrent requests), which a trigger bumps in the writer's transaction: every
 * instance drops its answers as soon as the change is committed. Nothing here must survive a
 * restart or be seen by another instance.
 */
/**
 * Tells of every committed change of the map's courts before the writer's commit returns
 * (PGlite's NOTIFY, court_map_changed): then no version is read per request (§87).
 */
export type CourtMapChanges = (onChange: () => void) => Promise<() => Promise<void>>;

export function createMapAnswers(
  db: Queryable,
  options: { now?: () => number; changes?: CourtMapChanges } = {},
) {
  const now = options.now;
  // Read on every request; requests arriving together share one read.
  let versionRead: Promise<number> | null = null;
  const readVersion = () =>
    (versionRead ??= db
      .select({ version: courtMapVersion.version })
      .from(courtMapVersion)
      .where(eq(courtMapVersion.id, 1))
      .then(([row]) => Number(row?.version ?? 0))
      .finally(() => {
        versionRead = null;
      }));
  const pending = new Map<string, { tile: Tile; filters: CourtFilterQuery }>();
  const tiles = sharedAnswers(
    async (key) => {
      const request = pending.get(key);
      if (!request) throw new Error(`no tile request for ${key}`);
      const tile: CourtTile = await courtTile(db, request.tile, request.filters);
      return encodeAnswer(tile);
    },
    { maxAgeMs: MAP_ANSWER_MAX_AGE_MS, maxKeys: MAX_TILES, now },
  );
  const pendingPages = new Map<string, CourtListQuery>();
  const pages = sharedAnswers(
    async (key): Promise<EncodedPage> => {
      const query = pendingPages.get(key);
      if (!query) throw new Error(`no list request for ${key}`);
      const { courts, total } = await listCourts(db, query);
      return { ...encodeAnswer(courts), total };
    },
    { maxAgeMs: MAP_ANSWER_MAX_AGE_MS, maxKeys: MAX_PAGES, now },
  );
  const overview = sharedAnswers(
    async () => encodeAnswer((await courtOverview(db)) satisfies CourtOverview),
    { maxAgeMs: MAP_ANSWER_MAX_AGE_MS, now },
  );
  // The same for every visitor, and dropped on the same events: computed per request it read
  // every court with a run-out check-in (hundreds just before a sweep), 200 answers a second
  // against 5,000 for its bare query at 50 in flight (bench/hot-paths.bench.ts, PostgreSQL).
  const popular = sharedAnswers(async () => encodeAnswer(await popularCourts(db)), {
    maxAgeMs: MAP_ANSWER_MAX_AGE_MS,
    now,
  });
  let seen: number | null = null;
  const dropAll = () => {
    tiles.invalidate();
    pages.invalidate();
    overview.invalidate();
    popular.invalidate();
  };

  // Until the notices are heard the version is read; once they are, answers made before are
  // dropped (a change may have come in between) and every later change drops them itself.
  let told = false;
  const listening = options.changes?.(dropAll).then(
    (stop) => {
      told = true;
      dropAll();
      return stop;
    },
    () => null,
  );

  async function dropWhenChanged() {
    if (told) return;
    const current = await readVersion();
    if (seen !== null && current !== seen) dropAll();
    seen = current;
  }

  return {
    /**
     * A court's live count changed (a check-in or check-out, on any instance): the answers are
     * recomputed on their next read, which every viewer's page asks for on the same event.
     */
    liveCountsChanged: dropAll,
    async tile(tile: Tile, filters: CourtFilterQuery): Promise<EncodedAnswer> {
      await dropWhenChanged();
      const key = `${tile.z}/${tile.x}/${tile.y}|${filterKey(filters)}`;
      pending.set(key, { tile, filters });
      try {
        return await tiles.read(key);
      } finally {
        pending.delete(key);
      }
    },
    async page(query: CourtListQuery): Promise<EncodedPage> {
      await dropWhenChanged();
      const key = pageKey(query);
      pendingPages.set(key, query);
      try {
        return await pages.read(key);
      } finally {
        pendingPages.delete(key);
      }
    },
    async overview(): Promise<EncodedAnswer> {
      await dropWhenChanged();
      return overview.read();
    },
    /** GET /api/courts/popular's ten courts (courts/popular-courts.ts). */
    async popular(): Promise<EncodedAnswer> {
      await dropWhenChanged();
      return popular.read();
    },
    /** Stops hearing the notices; the database may already be closing. */
    async stop(): Promise<void> {
      told = false;
      const unlisten = await listening;
      await unlisten?.().catch(() => {});
    },
  };
}
export type MapAnswers = ReturnType<typeof createMapAnswers>;
