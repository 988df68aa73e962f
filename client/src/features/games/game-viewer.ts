import type { Game, Participant } from "@common/games.ts";

/** Who is looking at a game, as far as the page's choices go. */
export type GameViewer = {
  /** null for a signed-out visitor. */
  userId: string | null;
  isOrganizer: boolean;
  /** The organizer, or a co-organizer of the run the game is a date of: may cancel it. */
  organizes: boolean;
  /** The viewer's seat; undefined when they have none or the players list is not loaded yet. */
  seat: Participant | undefined;
  /** False while a signed-in viewer's seat cannot be told yet (players loading or failed). */
  isKnown: boolean;
};

export function gameViewer(
  game: Game,
  participants: Participant[] | undefined,
  userId: string | null,
  coOrganizer = false,
): GameViewer {
  const isOrganizer = userId !== null && userId === game.organizerId;
  return {
    userId,
    isOrganizer,
    organizes: isOrganizer || coOrganizer,
    seat: userId === null ? undefined : participants?.find((p) => p.userId === userId),
    isKnown: userId === null || participants !== undefined,
  };
}
