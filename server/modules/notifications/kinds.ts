import { BADGE_RULES } from "../../../common/badges.ts";
import type { BadgeType } from "../../../common/constants.ts";
import { BADGE_TYPES } from "../../../common/constants.ts";
import { formatGameTime } from "../../../common/game-time.ts";
import { calledOffReason, decisionTime } from "../../../common/go-no-go-text.ts";
import type { NotificationKind } from "../../../common/notifications.ts";
import { cantMakeItApiPath, cantMakeItPagePath } from "../../../common/reminders.ts";
import type { NotificationSetting } from "../../../common/settings.ts";

/** A game's facts as the texts show them: its time in the court's zone, with the zone named. */
export type GameFacts = {
  gameTitle: string;
  courtName: string;
  /** ISO start. */
  startsAt: string;
  /** The court's IANA zone (server/lib/time-zone.ts). */
  timeZone: string;
};

/** What each kind's row carries in `payload`, as it was when the event happened. */
export interface NotificationPayloads {
  player_joined: { gameTitle: string; playerName: string; seatsTaken: number; maxPlayers: number };
  player_left: { gameTitle: string; playerName: string; seatsTaken: number; maxPlayers: number };
  /** `calledOff` when the go/no-go cancelled it: the seats it had of the minimum, by when. */
  game_cancelled: GameFacts & { calledOff?: CalledOff; forWeather?: true };
  game_reminder: GameFacts & {
    courtAddress: string | null;
    /** Hours before the start: 24 or 2 (rows written before there were two: 2). */
    lead?: 24 | 2;
    /** The signed "Can't make it" token of this player's seat; null for the organizer. */
    dropToken?: string | null;
  } & NoticeForecast;
  organizer_message: { gameTitle: string; senderName: string; excerpt: string };
  result_recorded: {
    gameTitle: string;
    teamAScore: number;
    teamBScore: number;
    /** The recipient's side of it. */
    outcome: "won" | "lost" | "undecided";
  };
  badge_earned: { badgeType: BadgeType };
  court_new_game: GameFacts & { organizerName: string };
  weekly_stats: {
    gamesPlayed: number;
    wins: number;
    points: number;
    badgesEarned: number;
  };
  promoted_from_line: GameFacts;
  game_invite: GameFacts & { inviterName: string };
  players_needed: GameFacts & { needed: number; organizerName: string };
  thread_message: { gameTitle: string; senderName: string; excerpt: string };
  game_on: GameFacts & { seatsTaken: number } & NoticeForecast;
  run_counted_in: GameFacts;
  /** `lapsesAt`: ISO end of the offer (server/modules/seat-offers). */
  seat_offered: GameFacts & { lapsesAt: string };
  removed_from_game: GameFacts & { reason: string };
  /** The run's next date is its link (null: none to come, the profile). */
  run_message: { runTitle: string; senderName: string; excerpt: string };
  friend_request: { playerName: string };
  friend_accepted: { playerName: string };
  moderation: ModerationNotice;
  operator_queue: { what: "report" | "message" };
}

/** What an operator did to a player, and why (decision 116). */
export type ModerationNotice =
  | { action: "hide"; what: string; reason: string }
  | { action: "warn"; reason: string }
  | { action: "suspend"; days: number; reason: string }
  | { action: "ban"; reason: string };

const MODERATION_TITLES = {
  hide: (p: { what: string }) => `An operator hid your ${p.what}`,
  warn: () => "A warning from an operator",
  suspend: (p: { days: number }) =>
    `Your account is suspended for ${p.days} ${p.days === 1 ? "day" : "days"}`,
  ban: () => "Your account is banned",
};

/**
 * The cached forecast of the start hour in the recipient's units, 'Rain 60% · 54°F · wind
 * 12 mph', when there was one as the notice was written (the go/no-go's, the 24-hour reminder).
 */
type NoticeForecast = { forecast?: string };

/** Why the go/no-go called a game off: its seats against the minimum at the decision time. */
export type CalledOff = { seatsTaken: number; minPlayers: number; decideAt: string };

/** Why a game is off, when it is not simply the organizer's cancel: the go/no-go, the weather. */
export type CancelledWhy = { calledOff: CalledOff } | { forWeather: true };

/** What a notification is about: the link it opens. */
export type Subject = "game" | "court" | "own-profile" | "friends" | "contact" | "operator";

export type Rendered = { title: string; body: string };

/**
 * A one-tap action besides opening the subject: `post` does it (the push action, the in-app
 * notice), `path` is a page that offers it (the e-mail's link: a mail scanner's GET changes
 * nothing).
 */
export type NoticeAction = { label: string; path: string; post: string };

export interface KindSpec<K extends NotificationKind> {
  /** The Settings switch that turns this kind off entirely (bell, e-mail, push); null: none. */
  setting: Exclude<NotificationSetting, "email"> | null;
  email: boolean;
  push: boolean;
  /** Held back (or dropped when too late) during the player's night: 22:00–08:00 their time. */
  quietHours: boolean;
  subject: Subject;
  render(payload: NotificationPayloads[K]): Rendered;
  action?(payload: NotificationPayloads[K]): NoticeAction | null;
}

const when = (facts: GameFacts) => formatGameTime(facts.startsAt, facts.timeZone);

const spots = (seatsTaken: number, maxPlayers: number) => {
  const open = Math.max(0, maxPlayers - seatsTaken);
  return `${seatsTaken}/${maxPlayers} players, ${open === 0 ? "full" : `${open} ${open === 1 ? "spot" : "spots"} left`}.`;
};

// Open-Meteo's terms ask for its credit wherever its data shows.
const atTipOff = (p: NoticeForecast) =>
  p.forecast ? ` Forecast at tip-off: ${p.forecast} (Open-Meteo.com).` : "";

const quoted = (excerpt: string) => `“${excerpt}”`;

/**
 * Every kind: which switch governs it, where it goes and what it says. Kinds without a switch are
 * about a player's own seat, game, result or badge: switching those off would only hide what
 * they need to know. The bell has every kind a switch lets through; e-mail carries what a
 * player would act on away from the app, push all but the weekly summary.
 */
export const KINDS: { [K in NotificationKind]: KindSpec<K> } = {
  player_joined: {
    setting: null,
    email: false,
    push: true,
    quietHours: false,
    subject: "game",
    render: (p) => ({
      title: `${p.playerName} joined ${p.gameTitle}`,
      body: spots(p.seatsTaken, p.maxPlayers),
    }),
  },
  player_left: {
    setting: null,
    email: false,
    push: true,
    quietHours: false,
    subject: "game",
    render: (p) => ({
      title: `${p.playerName} left ${p.gameTitle}`,
      body: spots(p.seatsTaken, p.maxPlayers),
    }),
  },
  game_cancelled: {
    setting: null,
    email: true,
    push: true,
    quietHours: false,
    subject: "game",
    render: (p) => ({
      title: `${p.gameTitle} was cancelled`,
      body: p.calledOff
        ? `${calledOffReason(p.calledOff.seatsTaken, p.calledOff.minPlayers, decisionTime(p.calledOff.decideAt, p.startsAt, p.timeZone))}. The game of ${when(p)} at ${p.courtName} is off.`
        : `The organizer called off the game of ${when(p)} at ${p.courtName}${p.forWeather ? " because of the weather" : ""}.`,
    }),
  },
  game_reminder: {
    setting: null,
    email: true,
    push: true,
    quietHours: true,
    subject: "game",
    render: (p) => ({
      title: p.lead === 24 ? `Coming up: ${p.gameTitle}` : `Starting soon: ${p.gameTitle}`,
      body: `${when(p)} at ${p.courtName}${p.courtAddress ? `, ${p.courtAddress}` : ""}.${atTipOff(p)}${
        p.dropToken ? " Can't make it? Free your seat for the next player in line." : ""
      }`,
    }),
    action: (p) =>
      p.dropToken
        ? {
            label: "Can't make it",
            path: cantMakeItPagePath(p.dropToken),
            post: cantMakeItApiPath(p.dropToken),
          }
        : null,
  },
  organizer_message: {
    setting: "newMessages",
    email: true,
    push: true,
    quietHours: false,
    subject: "game",
    render: (p) => ({
      title: `${p.senderName} sent you a message`,
      body: `About ${p.gameTitle}: ${quoted(p.excerpt)}`,
    }),
  },
  result_recorded: {
    setting: null,
    email: true,
    push: true,
    quietHours: false,
    subject: "game",
    render: (p) => ({
      title: `Final score: ${p.gameTitle} ${p.teamAScore}–${p.teamBScore}`,
      body:
        p.outcome === "won"
          ? "You won! Rate the players you ran with."
          : "Rate the players you ran with.",
    }),
  },
  badge_earned: {
    setting: null,
    email: false,
    push: true,
    quietHours: false,
    subject: "own-profile",
    render: (p) => ({
      title: `Badge earned: ${BADGE_TYPES[p.badgeType]}`,
      body: `${BADGE_RULES[p.badgeType].description}. It's on your profile now.`,
    }),
  },
  court_new_game: {
    setting: "courtUpdates",
    email: true,
    push: true,
    quietHours: false,
    subject: "game",
    render: (p) => ({
      title: `New game at ${p.courtName}`,
      body: `${p.organizerName} set up ${p.gameTitle}, ${when(p)}.`,
    }),
  },
  weekly_stats: {
    setting: "weeklyStats",
    email: true,
    push: false,
    quietHours: true,
    subject: "own-profile",
    render: (p) => ({
      title: `Your week: ${p.gamesPlayed} ${p.gamesPlayed === 1 ? "game" : "games"}, ${p.wins} ${p.wins === 1 ? "win" : "wins"}`,
      body: `+${p.points} XP${p.badgesEarned > 0 ? ` and ${p.badgesEarned} ${p.badgesEarned === 1 ? "badge" : "badges"}` : ""} in the last 7 days. Keep hooping!`,
    }),
  },
  promoted_from_line: {
    setting: null,
    email: true,
    push: true,
    quietHours: false,
    subject: "game",
    render: (p) => ({
      title: `You're in: ${p.gameTitle}`,
      body: `A spot opened up and it's yours: ${when(p)} at ${p.courtName}.`,
    }),
  },
  game_invite: {
    setting: "gameInvites",
    email: true,
    push: true,
    quietHours: false,
    subject: "game",
    render: (p) => ({
      title: `${p.inviterName} invited you to ${p.gameTitle}`,
      body: `${when(p)} at ${p.courtName}.`,
    }),
  },
  players_needed: {
    setting: "gameInvites",
    email: true,
    push: true,
    quietHours: false,
    subject: "game",
    render: (p) => ({
      title: `${p.gameTitle} needs ${p.needed} more`,
      body: `${p.organizerName} is looking for players: ${when(p)} at ${p.courtName}.`,
    }),
  },
  thread_message: {
    setting: "newMessages",
    email: false,
    push: true,
    quietHours: false,
    subject: "game",
    render: (p) => ({
      title: `${p.senderName} in ${p.gameTitle}`,
      body: quoted(p.excerpt),
    }),
  },
  game_on: {
    setting: null,
    email: true,
    push: true,
    // Like a cancellation, it may change a player's evening: it does not wait for the morning.
    quietHours: false,
    subject: "game",
    render: (p) => ({
      title: `Game on: ${p.gameTitle}`,
      body: `${p.seatsTaken} players are in for ${when(p)} at ${p.courtName}.${atTipOff(p)}`,
    }),
  },
  run_counted_in: {
    setting: null,
    email: true,
    push: true,
    quietHours: true,
    subject: "game",
    render: (p) => ({
      title: `You're in: ${p.gameTitle}`,
      body: `Counted in by default for ${when(p)} at ${p.courtName}. Can't make it? Open the game and leave it.`,
    }),
  },
  seat_offered: {
    setting: null,
    email: true,
    push: true,
    // The offer runs out: it cannot wait for the morning (the night rule keeps it open till 8:30).
    quietHours: false,
    subject: "game",
    render: (p) => ({
      title: `A seat is yours: ${p.gameTitle}`,
      body: `A spot opened up for ${when(p)} at ${p.courtName}. It's held for you until ${formatGameTime(p.lapsesAt, p.timeZone)}: open the game to take it.`,
    }),
  },
  removed_from_game: {
    setting: null,
    email: true,
    push: true,
    // It changes the player's evening: it does not wait for the morning.
    quietHours: false,
    subject: "game",
    render: (p) => ({
      title: `You were removed from ${p.gameTitle}`,
      body: `The organizer took you off the game of ${when(p)} at ${p.courtName}: ${quoted(p.reason)}`,
    }),
  },
  run_message: {
    setting: "newMessages",
    email: true,
    push: true,
    quietHours: false,
    subject: "game",
    render: (p) => ({
      title: `${p.senderName} to the regulars of ${p.runTitle}`,
      body: quoted(p.excerpt),
    }),
  },
  // The Friend Requests switch (privacy) stops the requests themselves, so no switch here.
  friend_request: {
    setting: null,
    email: false,
    push: true,
    quietHours: true,
    subject: "friends",
    render: (p) => ({
      title: `${p.playerName} sent you a friend request`,
      body: "Accept or decline it on the players page.",
    }),
  },
  friend_accepted: {
    setting: null,
    email: false,
    push: true,
    quietHours: false,
    subject: "friends",
    render: (p) => ({
      title: `${p.playerName} accepted your friend request`,
      body: "You're friends now: you'll find each other first when inviting players.",
    }),
  },
  moderation: {
    setting: null,
    // A banned player cannot sign in to read the bell: e-mail is how they learn why.
    email: true,
    push: true,
    quietHours: false,
    subject: "contact",
    render: (p) => ({
      title: MODERATION_TITLES[p.action](p as never),
      body: `${p.action === "suspend" ? "Until then you can read, but not post or change anything. " : ""}The reason: ${quoted(p.reason)} To appeal, write to us from the contact page.`,
    }),
  },
  operator_queue: {
    setting: null,
    // At most one an hour of each (its dedupe key): a timely nudge, not a copy of every report.
    email: true,
    push: true,
    quietHours: true,
    subject: "operator",
    render: (p) =>
      p.what === "report"
        ? {
            title: "New reports to look at",
            body: "Players reported something: the open reports are on the operator page.",
          }
        : {
            title: "New messages from the contact form",
            body: "Appeals and questions wait on the operator page.",
          },
  },
};

/** A message's first words for a notification (the whole message is on the game page). */
export function excerptOf(text: string, max = 140): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** The app path a notification opens. */
export function linkOf(
  subject: Subject,
  ids: { gameId: number | null; courtId: number | null },
): string {
  if (subject === "game" && ids.gameId !== null) return `/game/${ids.gameId}`;
  if (subject === "court" && ids.courtId !== null) return `/courts/${ids.courtId}`;
  // Friends and their requests live on the players page.
  if (subject === "friends") return "/players";
  // Moderation notices: the contact page is where a player appeals.
  if (subject === "contact") return "/contact";
  if (subject === "operator") return "/operator";
  return "/profile";
}

/** A stored row's one-tap action, if its kind has one; none for a bad payload. */
export function actionOfRow(row: { kind: string; payload: unknown }): NoticeAction | null {
  const spec = (KINDS as Record<string, KindSpec<NotificationKind>>)[row.kind];
  try {
    return spec?.action?.(row.payload as never) ?? null;
  } catch {
    return null;
  }
}

/** Texts of a stored row; a kind from a newer version or a bad payload reads plainly. */
export function renderRow(row: { kind: string; payload: unknown }): Rendered {
  const spec = (KINDS as Record<string, KindSpec<NotificationKind>>)[row.kind];
  try {
    if (spec) return spec.render(row.payload as never);
  } catch {}
  return { title: "Something happened on Ball with the Bros", body: "Open it to see what." };
}
