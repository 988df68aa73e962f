import { createHash } from "node:crypto";
import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import type { CourtFilterQuery, CourtOverview, CourtTile } from "../../../common/courts.ts";
import type { Tile } from "../../../common/map-tiles.ts";
import type { Queryable } from "../../db/client.ts";
import { courtMapVersion } from "../../db/schema.ts";
import { sharedAnswers } from "../../lib/shared-answers.ts";
import { courtOverview, courtTile } from "./directory.ts";

/** A JSON answer encoded once for every viewer: plain, gzip and brotli, with its ETag. */
export type EncodedAnswer = { identity: Buffer; gzip: Buffer; br: Buffer; etag: string };

/**
 * Live player counts (red markers, the totals) ride along with the tiles: each instance may show
 * them up to this late. Changes to the courts themselves drop the answers at once.
 */
export const MAP_ANSWER_MAX_AGE_MS = 30_000;
/** How often an instance asks whether the courts changed (one primary-key read). */
export const MAP_VERSION_MAX_AGE_MS = 1_000;
const MAX_TILES = 5_000;

export function encodeAnswer(value: unknown): EncodedAnswer {
  const identity = Buffer.from(JSON.stringify(value));
  return {
    identity,
    gzip: zlib.gzipSync(identity, { level: 6 }),
    br: zlib.brotliCompressSync(identity, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 },
    }),
    etag: `"${createHash("sha1").update(identity).digest("base64url").slice(0, 22)}"`,
  };
}

const filterKey = ({ type, lit, free }: CourtFilterQuery) =>
  `${type ?? "all"}:${lit ? "lit" : "any"}:${free ? "free" : "any"}`;

/**
 * The map's answers, shared by every viewer of this instance: a tile (per filter set) or the
 * overview is computed once, compressed once, and served from memory with an ETag until the
 * courts change (court_map_version, bumped by a trigger in the writer's transaction, so every
 * instance sees it within a second) or MAP_ANSWER_MAX_AGE_MS passes. Nothing here must survive
 * a restart or be seen by another instance.
 */
export function createMapAnswers(db: Queryable, options: { now?: () => number } = {}) {
  const now = options.now;
  const version = sharedAnswers(
    async () => {
      const [row] = await db
        .select({ version: courtMapVersion.version })
        .from(courtMapVersion)
        .where(eq(courtMapVersion.id, 1));
      return Number(row?.version ?? 0);
    },
    { maxAgeMs: MAP_VERSION_MAX_AGE_MS, now },
  );
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
  const overview = sharedAnswers(
    async () => encodeAnswer((await courtOverview(db)) satisfies CourtOverview),
    { maxAgeMs: MAP_ANSWER_MAX_AGE_MS, now },
  );
  let seen: number | null = null;

  async function dropWhenChanged() {
    const current = await version.read();
    if (seen !== null && current !== seen) {
      tiles.invalidate();
      overview.invalidate();
    }
    seen = current;
  }

  return {
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
    async overview(): Promise<EncodedAnswer> {
      await dropWhenChanged();
      return overview.read();
    },
  };
}
export type MapAnswers = ReturnType<typeof createMapAnswers>;
