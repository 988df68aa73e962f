import type { Game } from "@common/games.ts";
import { toZonedInputValue, zonedValueToIso } from "@common/zoned-time.ts";
import { cleanup, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { testGame } from "@/test-support/test-games.ts";
import { GameCard } from "./game-card.tsx";

function renderCard(overrides: Partial<Game> = {}, inGame = false) {
  const { hook } = memoryLocation({ path: "/games" });
  render(
    <Router hook={hook}>
      <GameCard game={testGame(overrides)} inGame={inGame} />
    </Router>,
  );
  return screen.getByRole("article");
}

const HOUR = 3_600_000;
const LA = "America/Los_Angeles";
const pad = (n: number) => String(n).padStart(2, "0");
/** A time today on the court's clock (the test court is in Los Angeles). */
const today = (hour: number, minute = 0) => {
  const day = toZonedInputValue(new Date(), LA).slice(0, 10);
  return new Date(zonedValueToIso(`${day}T${pad(hour)}:${pad(minute)}`, LA));
};

describe("the game card", () => {
  it("says how many more its go/no-go needs by when, then 'Game on'", () => {
    const goNoGo = {
      minPlayers: 8,
      decideBeforeMinutes: 180,
      decideAt: "2030-05-31T22:30:00.000Z", // 3:30 PM PT
      playAnyway: false,
      decision: null,
    };
    const scheduledAt = "2030-06-01T01:30:00.000Z"; // 6:30 PM PT the same day
    expect(renderCard({ scheduledAt, currentPlayers: 5, goNoGo })).toHaveTextContent(
      "Needs 3 more by 3:30 PM PT",
    );
    cleanup();
    const decided = { ...goNoGo, decision: "on" as const };
    expect(renderCard({ scheduledAt, currentPlayers: 8, goNoGo: decided })).toHaveTextContent(
      "Game on",
    );
    cleanup();
    expect(renderCard({ scheduledAt, currentPlayers: 5 })).not.toHaveTextContent(/Needs|Game on/);
  });

  it("shows the title, status, players, court and a View link to the game", () => {
    const card = renderCard({ id: 12, currentPlayers: 4, maxPlayers: 10 });
    expect(within(card).getByRole("heading", { name: "Evening Run at Venice" })).toBeVisible();
    expect(card).toHaveAccessibleName("Evening Run at Venice");
    expect(card).toHaveTextContent("Open");
    expect(card).toHaveTextContent("4/10 players");
    expect(card).toHaveTextContent("Venice Beach Courts");
    const view = within(card).getByRole("link", { name: "View Evening Run at Venice" });
    expect(view).toHaveAttribute("href", "/game/12");
    expect(view).toHaveTextContent("View");
  });

  it("falls back to the court name, then to 'Basketball Game'", () => {
    const byCourt = renderCard({ title: null });
    expect(within(byCourt).getByRole("heading")).toHaveTextContent("Venice Beach Courts");
    cleanup();
    const nameless = renderCard({
      title: "",
      court: { ...testGame().court, name: "" },
    });
    expect(within(nameless).getByRole("heading")).toHaveTextContent("Basketball Game");
  });

  it.each([
    ["Today", () => today(18, 30), "Today, 6:30 PM PT"],
    ["Tomorrow", () => new Date(today(9).getTime() + 24 * HOUR), "Tomorrow, 9:00 AM PT"],
    ["Yesterday", () => new Date(today(20).getTime() - 24 * HOUR), "Yesterday, 8:00 PM PT"],
    [
      "a short weekday, month and day",
      () => new Date(zonedValueToIso("2031-03-14T19:05", LA)),
      "Fri, Mar 14, 7:05 PM PT",
    ],
  ])("writes the date as %s, then the time on the court's clock", (_, date, text) => {
    const card = renderCard({ scheduledAt: date().toISOString() });
    expect(card.querySelector("time")).toHaveTextContent(text);
  });

  it("shows the distance only when it is known", () => {
    expect(renderCard({ distanceMiles: 2.4 })).toHaveTextContent("2.4 miles away");
    cleanup();
    expect(renderCard({ distanceMiles: null })).not.toHaveTextContent("away");
  });

  it("shows a completed game's recorded score and the XP it earned", () => {
    const card = renderCard({
      status: "completed",
      result: { teamAScore: 21, teamBScore: 18, winningTeam: "A", recordedAt: "2026-05-02T20:00Z" },
    });
    expect(card).toHaveTextContent("Completed");
    expect(card).toHaveTextContent("Final score 21 – 18");
    expect(card).toHaveTextContent("+5 XP");
    expect(card).not.toHaveTextContent("Score not recorded");
  });

  it("says when a completed game's score was not recorded", () => {
    const card = renderCard({ status: "completed", result: null });
    expect(card).toHaveTextContent("Score not recorded");
    expect(card).toHaveTextContent("+5 XP");
  });

  it("shows neither score nor XP before a game is completed", () => {
    const card = renderCard({ status: "open" });
    expect(card).not.toHaveTextContent("XP");
    expect(card).not.toHaveTextContent("Score");
  });

  it("highlights an active game's border, and only that", () => {
    const active = renderCard({ status: "active" }, true);
    expect(active).toHaveTextContent("✓ Checked in");
    expect(active).toHaveClass("border-green-600");
    cleanup();
    expect(renderCard({ status: "open" })).not.toHaveClass("border-green-600");
  });

  it("says '✓ Checked in' only to players in the game, 'In progress' to everyone else", () => {
    expect(renderCard({ status: "active" }, true)).toHaveTextContent("✓ Checked in");
    cleanup();
    const elsewhere = renderCard({ status: "active" }, false);
    expect(elsewhere).toHaveTextContent("In progress");
    expect(elsewhere).not.toHaveTextContent("Checked in");
  });
});
