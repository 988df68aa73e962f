import type { CourtRatingSummary } from "@common/court-ratings.ts";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { testUser } from "@/test-support/test-user.ts";
import { CourtRatingCard } from "./court-rating-card.tsx";

afterEach(() => vi.unstubAllGlobals());

const unrated: CourtRatingSummary = { rating: 4.0, count: 0, playersMean: null, mine: null };

describe("rating a court", () => {
  it("shows the listed rating until players rate, and asks visitors to sign in", async () => {
    renderWithApi(<CourtRatingCard court={{ id: 7, isActive: true }} />, {
      user: null,
      routes: { "/api/courts/7/rating": Response.json(unrated) },
    });
    expect(await screen.findByText("4.0")).toBeInTheDocument();
    expect(
      screen.getByText("No player has rated it yet: this is the listed rating."),
    ).toBeInTheDocument();
    expect(screen.getByText("Sign in to rate this court.")).toBeInTheDocument();
    expect(screen.queryByRole("radiogroup")).not.toBeInTheDocument();
  });

  it("lets a player give stars, and shows the new rating and their own", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderWithApi(<CourtRatingCard court={{ id: 7, isActive: true }} />, {
      user: testUser(),
      routes: {
        "/api/courts/7/rating": Response.json(unrated),
        "PUT /api/courts/7/rating": () =>
          Response.json({ rating: 3.5, count: 1, playersMean: 1, mine: 1 }),
      },
    });
    const group = await screen.findByRole("radiogroup", { name: "Rate this court" });
    expect(group).toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: "1 of 5 stars" }));
    expect(await screen.findByText("3.5")).toBeInTheDocument();
    expect(
      screen.getByText(/1 player rated it \(average 1.0\)\. The listed rating still counts/),
    ).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "1 of 5 stars" })).toBeChecked();
    expect(
      screen.getByRole("radiogroup", { name: "Your rating (change it any time)" }),
    ).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === "PUT");
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ rating: 1 });
  });

  it("says why a rating was refused", async () => {
    const user = userEvent.setup();
    renderWithApi(<CourtRatingCard court={{ id: 7, isActive: true }} />, {
      user: testUser(),
      routes: {
        "/api/courts/7/rating": Response.json(unrated),
        "PUT /api/courts/7/rating": () =>
          Response.json(
            { message: "You have rated enough for now. Please try again later." },
            { status: 429 },
          ),
      },
    });
    await user.click(await screen.findByRole("radio", { name: "5 of 5 stars" }));
    expect(
      await screen.findByText("You have rated enough for now. Please try again later."),
    ).toBeInTheDocument();
  });
});
