import { eq } from "drizzle-orm";
import { PRODUCT_NAME } from "../../../common/constants.ts";
import { COURT_PAGE_NOT_FOUND, courtFacts } from "../../../common/courts.ts";
import { formatGameTime } from "../../../common/game-time.ts";
import {
  formatSpotsLeft,
  GAME_NOT_FOUND,
  type Game,
  gameTitle,
  gameTypeLabel,
} from "../../../common/games.ts";
import { parseId } from "../../../common/id-params.ts";
import {
  documentTitle,
  PAGE_NOT_FOUND,
  PAGES,
  type PageDefinition,
  type PageMatch,
} from "../../../common/pages.ts";
import type { Queryable } from "../../db/client.ts";
import { courts, games } from "../../db/schema.ts";
import { sharedAnswers } from "../../lib/shared-answers.ts";
import { selectGames, toGame } from "../games/game-reads.ts";
import { sharedGlobal } from "../leaderboard/shared-boards.ts";
import type { PageHead } from "./head-tags.ts";
import { type PreviewCard, previewVersion } from "./preview-image.ts";

/** A page's answer: its status and what its head says. */
export type PageAnswer = { status: number; head: PageHead };

type CourtRow = {
  id: number;
  name: string;
  address: string | null;
  isIndoor: boolean;
  numberOfCourts: number;
  lighting: boolean;
  freeToPlay: boolean;
  rating: number;
  isActive: boolean;
};

async function readGame(db: Queryable, id: number): Promise<Game | null> {
  const [row] = await selectGames(db, null).where(eq(games.id, id));
  return row ? toGame(row) : null;
}

async function readCourt(db: Queryable, id: number): Promise<CourtRow | null> {
  const [row] = await db
    .select({
      id: courts.id,
      name: courts.name,
      address: courts.address,
      isIndoor: courts.isIndoor,
      numberOfCourts: courts.numberOfCourts,
      lighting: courts.lighting,
      freeToPlay: courts.freeToPlay,
      rating: courts.rating,
      isActive: courts.isActive,
    })
    .from(courts)
    .where(eq(courts.id, id));
  return row ?? null;
}

export function gameCard(game: Game): PreviewCard {
  const seats = `${game.currentPlayers} of ${game.maxPlayers} players`;
  const status =
    game.status === "cancelled"
      ? ["Cancelled"]
      : game.status === "completed"
        ? game.result
          ? [`Final ${game.result.teamAScore}–${game.result.teamBScore}`]
          : ["Played"]
        : game.status === "active"
          ? ["In progress", seats]
          : [formatSpotsLeft(game.currentPlayers, game.maxPlayers), seats];
  return {
    kicker: `${gameTypeLabel(game.gameType)} game`,
    title: gameTitle(game),
    lines: [
      formatGameTime(game.scheduledAt, game.court.timeZone),
      game.court.name,
      ...(game.court.address ? [game.court.address] : []),
    ],
    badges: status,
  };
}

export function courtCard(court: CourtRow): PreviewCard {
  return {
    kicker: court.isActive ? "Basketball court" : "Basketball court · closed",
    title: court.name,
    lines: court.address ? [court.address] : [],
    badges: [...courtFacts(court), `Rated ${court.rating.toFixed(1)}`],
  };
}

export const SITE_CARD: PreviewCard = {
  kicker: "Find your court, find your crew",
  title: PRODUCT_NAME,
  lines: ["Courts near you, players at your level, games every day."],
  badges: ["Courts", "Pickup games", "Leaderboards"],
};

/** The sentence a search result or a chat preview shows: the card's lines and badges. */
const describeCard = (card: PreviewCard) => [...card.lines, ...card.badges].join(" · ");

/**
 * Answers for page addresses: title, description, canonical URL and preview image, from cheap
 * reads shared for a few seconds (a link posted in a group chat brings every member's preview
 * fetcher at once).
 */
export function createPageHeads(db: Queryable, publicUrl: string) {
  const shared = { maxAgeMs: 10_000, maxKeys: 1000 };
  const gameReads = sharedAnswers((key) => readGame(db, Number(key)), shared);
  const courtReads = sharedAnswers((key) => readCourt(db, Number(key)), shared);
  const url = (path: string) => `${publicUrl}${path}`;
  const image = (path: string, card: PreviewCard) => ({
    url: url(`${path}?v=${previewVersion(card)}`),
    alt: describeCard(card) ? `${card.title}: ${describeCard(card)}` : card.title,
  });

  const missing = (title: string): PageAnswer => ({
    status: 404,
    head: {
      title: documentTitle(title),
      description: "There is nothing here. It may have moved, or the link may be wrong.",
      noindex: true,
    },
  });

  async function gamePage(idText: string | undefined): Promise<PageAnswer> {
    const id = parseId(idText);
    const game = id === null ? null : await gameReads.read(String(id));
    if (!game) return missing(GAME_NOT_FOUND);
    const card = gameCard(game);
    return {
      status: 200,
      head: {
        title: documentTitle(card.title),
        description: describeCard(card),
        canonicalUrl: url(`/game/${game.id}`),
        image: image(`/api/games/${game.id}/preview.png`, card),
      },
    };
  }

  async function courtPage(idText: string | undefined): Promise<PageAnswer> {
    const id = parseId(idText);
    const court = id === null ? null : await courtReads.read(String(id));
    if (!court) return missing(COURT_PAGE_NOT_FOUND);
    const card = courtCard(court);
    return {
      status: 200,
      head: {
        title: documentTitle(court.name),
        description: describeCard(card),
        canonicalUrl: url(`/courts/${court.id}`),
        image: image(`/api/courts/${court.id}/preview.png`, card),
      },
    };
  }

  async function leaderboardDescription(page: PageDefinition): Promise<string> {
    const top = (await sharedGlobal(db)).slice(0, 3);
    if (top.length === 0) return page.description ?? "";
    const names = top.map((p) => `${p.rank}. ${p.nickname} (${p.points} pts)`).join(", ");
    return `${page.description} Top of the board: ${names}.`;
  }

  return {
    readGame: (id: number) => gameReads.read(String(id)),
    readCourt: (id: number) => courtReads.read(String(id)),

    async forPage(match: PageMatch | null): Promise<PageAnswer> {
      if (!match) return missing(PAGE_NOT_FOUND);
      if (match.name === "game") return gamePage(match.params.id);
      if (match.name === "court") return courtPage(match.params.id);
      const page: PageDefinition = PAGES[match.name];
      if (page.frame === "signed-in") {
        // A signed-in page says what it is, and nothing a crawler should keep.
        return {
          status: 200,
          head: { title: documentTitle(page.title), description: SITE_DESCRIPTION, noindex: true },
        };
      }
      return {
        status: 200,
        head: {
          title: documentTitle(page.title),
          description:
            match.name === "leaderboard"
              ? await leaderboardDescription(page)
              : (page.description ?? SITE_DESCRIPTION),
          canonicalUrl: url(page.path),
          image: image("/api/preview.png", SITE_CARD),
        },
      };
    },
  };
}

const SITE_DESCRIPTION = PAGES.landing.description;

export type PageHeads = ReturnType<typeof createPageHeads>;
