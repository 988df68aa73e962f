import { type Game, UPCOMING_LIMIT, type UpcomingGamesQuery } from "../../../common/games.ts";
import { distanceBetween, type LatLng } from "../../../common/geo.ts";
import type { Db } from "../../db/client.ts";
import { type EncodedAnswer, encodeAnswer } from "../../lib/encoded-answers.ts";
import { type SharedAnswers, sharedAnswers } from "../../lib/shared-answers.ts";
import type { LiveHub } from "../events/hub.ts";
import type { StoredEvent } from "../events/publish.ts";
import { onCommittedEvents } from "../events/wake.ts";
import { courtPlaceOf, type Position } from "./game-reads.ts";
import { type GamesUpTo, upcomingAround, upcomingGames, upcomingSoonest } from "./service.ts";
import { CELL_READ_LIMIT, cellOf, cellOfKey, nearestFromSlices } from "./upcoming-near.ts";

/**
 * How long a list (or a cell's read) is kept at most. A game's change drops the lists and the
 * cells around its court at once (below), so this only bounds how long a game stays listed
 * after its start time passes by the clock, and how long an organizer's new name or picture
 * takes to show.
 */
export const UPCOMING_ANSWER_MAX_AGE_MS = 5_000;

/** Court places remembered at most (then forgotten at once): a few MB. */
const MAX_COURT_PLACES = 50_000;

/** The filters that shape a list without a position, in one order whatever the URL's. */
export type UpcomingFilters = Pick<UpcomingGamesQuery, "from" | "to" | "courtId" | "openSpots">;

const keyOf = ({ from, to, courtId, openSpots }: UpcomingFilters) =>
  JSON.stringify([from ?? null, to ?? null, courtId ?? null, openSpots ?? false]);

/**
 * GET /api/games/upcoming, shared by viewers instead of read per request:
 * - without a position (visitors, players who saved none) the same hundred games for every
 *   viewer, computed and compressed once per filter set and sent with an ETag. Computed per
 *   request it answered about 220 a second at 50 in flight on PostgreSQL
 *   (bench/hot-paths.bench.ts): a hundred games with their courts and organizers each time.
 * - with a position, the page is cut per viewer (distances, order) from two shared reads: the
 *   games around the viewer's cell and the soonest games anywhere (upcoming-near.ts). Read per
 *   request, it answered about 190 a second.
 * A game change committed on this instance drops the lists and the cells around its court
 * before the writer is answered; one on another instance when the hub hears it.
 */
export function createUpcomingAnswers(
  db: Db,
  hub?: Pick<LiveHub, "onEvent">,
  options: { now?: () => number } = {},
) {
  // What a key's load needs beyond its key, set by the read that asks for it.
  const pending = new Map<string, () => Promise<unknown>>();
  const fromPending = <T>(key: string) => {
    const load = pending.get(key);
    if (!load) throw new Error(`no upcoming request for ${key}`);
    return load() as Promise<T>;
  };
  const shared = <T>(maxKeys: number) =>
    sharedAnswers<T>(fromPending, {
      maxAgeMs: UPCOMING_ANSWER_MAX_AGE_MS,
      // Recomputed a second before it runs out while people look, so nobody waits for it.
      refreshAheadMs: 1_000,
      maxKeys,
      now: options.now,
    });
  const soonestLists = shared<{ soonest: GamesUpTo; page: EncodedAnswer }>(500);
  // A busy cell's read is about 200 games: a bound on memory as much as on keys.
  const cells = shared<GamesUpTo>(1_000);
  const read = <T>(answers: SharedAnswers<T>, key: string, load: () => Promise<T>) => {
    pending.set(key, load);
    return answers.read(key).finally(() => pending.delete(key));
  };

  const soonest = (filters: UpcomingFilters) =>
    read(soonestLists, keyOf(filters), async () => {
      const slice = await upcomingSoonest(db, filters, UPCOMING_LIMIT);
      learn(slice.games);
      return { soonest: slice, page: encodeAnswer(slice.games.slice(0, UPCOMING_LIMIT)) };
    });

  // Where the courts of the games read so far are, so a game's change drops only the cells
  // around its court. A court not among them is looked up; reads wait for that (`settled`).
  const courtPlaces = new Map<number, LatLng>();
  const remember = (courtId: number, place: LatLng) => {
    if (courtPlaces.size > MAX_COURT_PLACES) courtPlaces.clear();
    courtPlaces.set(courtId, place);
  };
  const learn = (games: readonly Game[]) => {
    for (const game of games) remember(game.court.id, game.court);
  };
  let settled: Promise<void> = Promise.resolve();
  const dropCellsAround = (place: LatLng) =>
    cells.drop((key) => {
      const cell = cellOfKey(key.slice(key.lastIndexOf("|") + 1));
      return distanceBetween(cell.centre, place) <= cell.reach;
    });
  const dropOn = (events: readonly StoredEvent[]) => {
    for (const { event } of events) {
      if (event.type !== "game.changed") continue;
      soonestLists.invalidate();
      const place = courtPlaces.get(event.courtId);
      if (place) {
        dropCellsAround(place);
        continue;
      }
      // Looked up once: this instance hears its own event twice (at commit and from the hub),
      // and a court's next games need not ask again.
      const { courtId } = event;
      settled = settled
        .then(async () => {
          const found = courtPlaces.get(courtId) ?? (await courtPlaceOf(db, courtId));
          if (!found) return cells.invalidate();
          remember(courtId, found);
          dropCellsAround(found);
        })
        .catch(() => cells.invalidate());
    }
  };
  const stops = [
    onCommittedEvents(db, dropOn),
    hub?.onEvent((stored) => dropOn([stored])) ?? (() => {}),
  ];

  return {
    async list(filters: UpcomingFilters): Promise<EncodedAnswer> {
      return (await soonest(filters)).page;
    },
    /** The page for a viewer at `position` as JSON: nearest first, as upcomingGames answers it. */
    async near(filters: UpcomingFilters, position: Position): Promise<string> {
      await settled;
      const cell = cellOf(position);
      const [around, anywhere] = await Promise.all([
        read(cells, `${keyOf(filters)}|${cell.key}`, async () => {
          const slice = await upcomingAround(db, filters, cell.centre, cell.reach, CELL_READ_LIMIT);
          learn(slice.games);
          return slice;
        }),
        soonest(filters),
      ]);
      return (
        nearestFromSlices(position, around, anywhere.soonest) ??
        JSON.stringify(await upcomingGames(db, filters, position))
      );
    },
    stop(): void {
      for (const stop of stops) stop();
    },
  };
}
