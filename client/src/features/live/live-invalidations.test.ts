import { describe, expect, it } from "vitest";
import { parseLiveEvent, staleAfter, staleKey } from "./live-invalidations.ts";

describe("staleAfter", () => {
  it("a game's change refreshes the game, its players, who shows up, the caller's seat offer and its teams, the lists it is in, its court's games and the run it is a date of", () => {
    expect(staleAfter({ type: "game.changed", gameId: 12, courtId: 3 }).map(staleKey)).toEqual([
      "=/api/games/12",
      "=/api/games/12/participants",
      "=/api/games/12/line",
      "=/api/games/12/showing-up",
      "=/api/games/12/offer",
      "=/api/games/12/teams",
      "^/api/games/upcoming",
      "=/api/games/my",
      "=/api/games/my-games",
      "=/api/friends/games",
      "^/api/courts/3/",
      "run∋12",
    ]);
  });

  it("a new message in a game's thread refreshes that thread only", () => {
    expect(staleAfter({ type: "game.thread", gameId: 12 }).map(staleKey)).toEqual([
      "^/api/games/12/messages",
    ]);
  });

  it("a court's change refreshes the court lists and its page, and the bell its figure", () => {
    expect(staleAfter({ type: "court.changed", courtId: 3 }).map(staleKey)).toEqual([
      "=/api/courts",
      "^/api/courts?",
      "^/api/courts/tiles/",
      "=/api/courts/overview",
      "=/api/courts/popular",
      "=/api/courts/3",
      "^/api/courts/3/",
    ]);
    expect(staleAfter({ type: "notifications.changed" }).map(staleKey)).toEqual([
      "=/api/notifications/unread-count",
      "=/api/notifications",
      "=/api/friends",
      "=/api/friends/games",
    ]);
    // Saved on another device: the player's own card, settings and whom they are near.
    expect(staleAfter({ type: "player.changed" }).map(staleKey)).toEqual([
      "=/api/auth/user",
      "=/api/user/profile",
      "=/api/user/level",
      "=/api/user/settings",
      "=/api/players/nearby",
    ]);
    // A deleted account's devices are signed out: nothing of theirs to fetch again.
    expect(staleAfter({ type: "player.left" })).toEqual([]);
    expect(staleAfter({ type: "resync" })).toEqual(["everything"]);
  });
});

describe("parseLiveEvent", () => {
  it("reads events and ignores what is not one", () => {
    expect(parseLiveEvent('{"type":"court.changed","courtId":1}')).toEqual({
      type: "court.changed",
      courtId: 1,
    });
    expect(parseLiveEvent("not json")).toBeNull();
    expect(parseLiveEvent('{"kind":"x"}')).toBeNull();
  });
});
