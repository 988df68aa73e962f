import { type Game, NEAR_GAME_MILES, UPCOMING_LIMIT } from "../../../common/games.ts";
import { distanceBetween, type LatLng } from "../../../common/geo.ts";
import { roundMiles } from "../../lib/geo.ts";
import { mapCells } from "../../lib/map-cells.ts";
import type { GamesUpTo } from "./service.ts";

/**
 * Viewers are grouped by cells of this many degrees (about 7 miles of latitude): everyone in a
 * cell is answered from one read of the games around it.
 */
export const NEAR_CELL_DEGREES = 0.1;

/**
 * How many games a cell reads (with ties on the last time). Its circle is a fifth wider than a
 * viewer's, so about two thirds of them are near any one viewer in it: enough for a page in a
 * busy cell, while a quiet cell's read holds every game around it.
 */
export const CELL_READ_LIMIT = 2 * UPCOMING_LIMIT;

const nearCells = mapCells(NEAR_CELL_DEGREES, NEAR_GAME_MILES);

/** The cell a viewer falls in, and the circle around its centre that covers its viewers. */
export const cellOf = nearCells.of;
export const cellOfKey = nearCells.ofKey;

type Measured = { game: Game; miles: number };

// ISO times of one format order as their text does.
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const soonestThenNearest = (a: Measured, b: Measured) =>
  byText(a.game.scheduledAt, b.game.scheduledAt) || a.miles - b.miles || a.game.id - b.game.id;

const measuredFrom = (position: LatLng, games: readonly Game[]): Measured[] =>
  games.map((game) => ({ game, miles: distanceBetween(position, game.court) }));

/**
 * The viewer's page (upcomingGames, as JSON: most of each game's is encoded once for every
 * viewer) cut from what its cell read and from the soonest games anywhere, or null when the
 * cell's read cannot tell (then the caller reads it for this viewer alone). Sound because each
 * slice holds every game up to its last time:
 * - the near games: every game within NEAR_GAME_MILES of the viewer is inside the cell's circle,
 *   so the cell's games near the viewer are every near game up to the read's last time. When
 *   they fill a page, that page is the viewer's; when they do not, only a complete read will do.
 * - the farther ones, needed only when every near game is known (fewer than a page): the
 *   soonest games hold at least a page of games, of which at most those near ones are near.
 */
export function nearestFromSlices(
  position: LatLng,
  around: GamesUpTo,
  soonest: GamesUpTo,
): string | null {
  const near = measuredFrom(position, around.games)
    .filter(({ miles }) => miles <= NEAR_GAME_MILES)
    .sort(soonestThenNearest);
  if (near.length < UPCOMING_LIMIT && !around.complete) return null;
  const page = near.slice(0, UPCOMING_LIMIT);
  if (page.length < UPCOMING_LIMIT) {
    const farther = measuredFrom(position, soonest.games)
      .filter(({ miles }) => miles > NEAR_GAME_MILES)
      .sort(soonestThenNearest);
    page.push(...farther.slice(0, UPCOMING_LIMIT - page.length));
  }
  return `[${page.map(({ game, miles }) => gameJsonAt(game, miles)).join(",")}]`;
}

/** A shared game's JSON up to its distance, encoded once for every viewer. */
const headOf = new WeakMap<Game, string>();

/** The game's JSON as toGame's object with the viewer's distance (its last key) encodes it. */
function gameJsonAt(game: Game, miles: number): string {
  let head = headOf.get(game);
  if (head === undefined) {
    const { distanceMiles: _, ...rest } = game;
    head = JSON.stringify(rest).slice(0, -1);
    headOf.set(game, head);
  }
  return `${head},"distanceMiles":${roundMiles(miles)}}`;
}
