import { UPCOMING_LIMIT, type UpcomingGamesQuery } from "../../../common/games.ts";
import type { Db } from "../../db/client.ts";
import { type EncodedAnswer, encodeAnswer } from "../../lib/encoded-answers.ts";
import { sharedAnswers } from "../../lib/shared-answers.ts";
import type { LiveHub } from "../events/hub.ts";
import type { StoredEvent } from "../events/publish.ts";
import { onCommittedEvents } from "../events/wake.ts";
import type { Position } from "./game-reads.ts";
import { upcomingGames, upcomingSoonest } from "./service.ts";

/**
 * How long the list without a position is kept at most. A game's change drops the lists at
 * once (below), so this only bounds how long a game stays listed after its start time passes
 * by the clock, and how long an organizer's new name or picture takes to show.
 */
export const UPCOMING_ANSWER_MAX_AGE_MS = 5_000;

/** The filters that shape a list without a position, in one order whatever the URL's. */
export type UpcomingFilters = Pick<UpcomingGamesQuery, "from" | "to" | "courtId" | "openSpots">;

const keyOf = ({ from, to, courtId, openSpots }: UpcomingFilters) =>
  JSON.stringify([from ?? null, to ?? null, courtId ?? null, openSpots ?? false]);

/**
 * GET /api/games/upcoming:
 * - without a position (visitors, players who saved none) the same hundred games for every
 *   viewer, computed and compressed once per filter set and sent with an ETag. A game change
 *   committed on this instance drops the lists before the writer is answered; one on another
 *   instance when the hub hears it.
 * - with a position, the viewer's own page, read per request in index order (upcomingGames):
 *   nothing kept, so nothing to drop.
 */
export function createUpcomingAnswers(
  db: Db,
  hub?: Pick<LiveHub, "onEvent">,
  options: { now?: () => number } = {},
) {
  const lists = sharedAnswers<EncodedAnswer>(
    async (key) => {
      const [from, to, courtId, openSpots] = JSON.parse(key) as unknown[];
      const filters = { from, to, courtId, openSpots } as UpcomingFilters;
      return encodeAnswer(await upcomingSoonest(db, filters, UPCOMING_LIMIT));
    },
    {
      maxAgeMs: UPCOMING_ANSWER_MAX_AGE_MS,
      // Recomputed a second before it runs out while people look, so nobody waits for it.
      refreshAheadMs: 1_000,
      maxKeys: 500,
      now: options.now,
    },
  );
  const dropOn = (events: readonly StoredEvent[]) => {
    if (events.some(({ event }) => event.type === "game.changed")) lists.invalidate();
  };
  const stops = [
    onCommittedEvents(db, dropOn),
    hub?.onEvent((stored) => dropOn([stored])) ?? (() => {}),
  ];

  return {
    list(filters: UpcomingFilters): Promise<EncodedAnswer> {
      return lists.read(keyOf(filters));
    },
    /** The page for a viewer at `position` as JSON: near games soonest first, then farther. */
    async near(filters: UpcomingGamesQuery, position: Position): Promise<string> {
      return JSON.stringify(await upcomingGames(db, filters, position));
    },
    stop(): void {
      for (const stop of stops) stop();
    },
  };
}
