import type { Game, GameMessage, Participant } from "@common/games.ts";

const HOUR = 3_600_000;

/** An open game tomorrow-ish (a day from now); override fields per test. */
export function testGame(overrides: Partial<Game> = {}): Game {
  const start = new Date(Date.now() + 24 * HOUR);
  return {
    id: 7,
    title: "Evening Run at Venice",
    status: "open",
    scheduledAt: start.toISOString(),
    endsAt: new Date(start.getTime() + 2 * HOUR).toISOString(),
    court: {
      id: 1,
      name: "Venice Beach Courts",
      address: "1800 Ocean Front Walk, Venice",
      latitude: 33.985,
      longitude: -118.472,
      timeZone: "America/Los_Angeles",
    },
    currentPlayers: 3,
    maxPlayers: 10,
    gameType: "pickup",
    organizerId: "organizer-1",
    organizer: {
      id: "organizer-1",
      firstName: "Marcus",
      profileImageUrl: null,
      profile: { nickname: "Showtime", primaryPosition: "Point Guard" },
      acceptsMessages: true,
    },
    result: null,
    distanceMiles: null,
    goNoGo: null,
    runId: null,
    ...overrides,
  };
}

/** A player holding a seat; the organizer with `isOrganizer: true, status: "confirmed"`. */
export function testParticipant(overrides: Partial<Participant> = {}): Participant {
  const userId = overrides.userId ?? "player-1";
  return {
    userId,
    status: "joined",
    joinedAt: new Date(Date.now() - HOUR).toISOString(),
    isOrganizer: false,
    team: null,
    user: {
      id: userId,
      firstName: "Kenji",
      profileImageUrl: null,
      profile: { nickname: "Splash", primaryPosition: "Shooting Guard" },
    },
    ...overrides,
  };
}

export function testMessage(overrides: Partial<GameMessage> = {}): GameMessage {
  return {
    id: 1,
    body: "Is there room for two more?",
    createdAt: new Date(Date.now() - HOUR).toISOString(),
    sender: {
      id: "player-2",
      firstName: "Luis",
      profileImageUrl: null,
      profile: { nickname: "Lu Buckets", primaryPosition: "Shooting Guard" },
    },
    ...overrides,
  };
}
