import type { UpcomingGamesQuery } from "../../../common/games.ts";
import type { Db } from "../../db/client.ts";
import { type EncodedAnswer, encodeAnswer } from "../../lib/encoded-answers.ts";
import { sharedAnswers } from "../../lib/shared-answers.ts";
import type { LiveHub } from "../events/hub.ts";
import { onCommittedEvents } from "../events/wake.ts";
import { upcomingGames } from "./service.ts";

/**
 * How long a list is kept at most. Every game change drops the lists at once (below), so this
 * only bounds how long a game stays listed after its start time passes by the clock, and how
 * long an organizer's new name or picture takes to show.
 */
export const UPCOMING_ANSWER_MAX_AGE_MS = 5_000;

/** The filters that shape a list without a position, in one order whatever the URL's. */
export type UpcomingFilters = Pick<UpcomingGamesQuery, "from" | "to" | "courtId" | "openSpots">;

const keyOf = ({ from, to, courtId, openSpots }: UpcomingFilters) =>
  JSON.stringify([from ?? null, to ?? null, courtId ?? null, openSpots ?? false]);

/**
 * GET /api/games/upcoming without a position (visitors, players who saved none): the same
 * hundred games for every viewer, computed and compressed once per filter set and sent with an
 * ETag. Computed per request it answered about 220 a second at 50 in flight on PostgreSQL
 * (bench/hot-paths.bench.ts): a hundred games with their courts and organizers each time.
 * A game change committed on this instance drops the lists before the writer is answered; one
 * on another instance when the hub hears it. Lists with a position stay per request.
 */
export function createUpcomingAnswers(
  db: Db,
  hub?: Pick<LiveHub, "onEvent">,
  options: { now?: () => number } = {},
) {
  const pending = new Map<string, UpcomingFilters>();
  const lists = sharedAnswers(
    async (key): Promise<EncodedAnswer> => {
      const filters = pending.get(key);
      if (!filters) throw new Error(`no upcoming request for ${key}`);
      return encodeAnswer(await upcomingGames(db, filters, null));
    },
    // Recomputed a second before it runs out while people look, so nobody waits for it.
    { maxAgeMs: UPCOMING_ANSWER_MAX_AGE_MS, refreshAheadMs: 1_000, maxKeys: 500, now: options.now },
  );
  const dropOn = (events: readonly { event: { type: string } }[]) => {
    if (events.some(({ event }) => event.type === "game.changed")) lists.invalidate();
  };
  const stops = [
    onCommittedEvents(db, dropOn),
    hub?.onEvent((stored) => dropOn([stored])) ?? (() => {}),
  ];

  return {
    async list(filters: UpcomingFilters): Promise<EncodedAnswer> {
      const key = keyOf(filters);
      pending.set(key, filters);
      try {
        return await lists.read(key);
      } finally {
        pending.delete(key);
      }
    },
    stop(): void {
      for (const stop of stops) stop();
    },
  };
}
