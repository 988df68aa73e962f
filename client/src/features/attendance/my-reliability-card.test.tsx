import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { testUser } from "@/test-support/test-user.ts";
import { MyReliabilityCard } from "./my-reliability-card.tsx";

afterEach(() => vi.unstubAllGlobals());

const answer = (present: number, expected: number, lateDrops: number, percent: number | null) =>
  Response.json({
    record: { userId: "user-1", present, expected, lateDrops },
    shown: percent !== null,
    percent,
    days: 90,
    minGames: 3,
    lateDropHours: 12,
  });

describe("the player's own record", () => {
  it("shows the figure and how it is counted", async () => {
    renderWithApi(<MyReliabilityCard />, {
      user: testUser(),
      routes: { "/api/me/reliability": answer(18, 19, 1, 90) },
    });
    expect(await screen.findByText("Shows up: 18 of 19 · 1 late drop (90%)")).toBeInTheDocument();
    expect(screen.getByText(/last 90 days/)).toBeInTheDocument();
    expect(
      screen.getByText(/more than 12 hours before the start costs nothing/),
    ).toBeInTheDocument();
  });

  it("says when there are too few games for a figure", async () => {
    renderWithApi(<MyReliabilityCard />, {
      user: testUser(),
      routes: { "/api/me/reliability": answer(1, 2, 0, null) },
    });
    expect(
      await screen.findByText("Your record shows once you have 3 games (2 so far)."),
    ).toBeInTheDocument();
  });
});
