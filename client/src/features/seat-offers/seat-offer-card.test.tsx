import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearToasts, renderGameDetail } from "@/test-support/render-game-detail.tsx";
import { testGame } from "@/test-support/test-games.ts";
import { testUser } from "@/test-support/test-user.ts";

afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
});

// 7:40 PM PT on the court's clock, whatever the browser's zone.
const lapsesAt = "2030-06-01T02:40:00.000Z";
const OFFER = "/api/games/7/offer";

describe("a seat offered on the game page", () => {
  it("shows the offered player until when the seat is theirs; 'Take it' takes it", async () => {
    let live = true;
    const { calls } = renderGameDetail({
      user: testUser(),
      game: testGame({ currentPlayers: 10 }),
      routes: {
        [OFFER]: () => Response.json({ lapsesAt: live ? lapsesAt : null }),
        "POST /api/games/7/offer/accept": () => {
          live = false;
          return Response.json({ lapsesAt: null });
        },
      },
    });
    const card = await screen.findByRole("region", { name: "Seat offered" });
    expect(card).toHaveTextContent("A seat is yours until 7:40 PM PT");
    await userEvent.click(within(card).getByRole("button", { name: "Take it" }));
    expect(calls("POST", "/api/games/7/offer/accept")).toHaveLength(1);
    await vi.waitFor(() =>
      expect(screen.queryByRole("region", { name: "Seat offered" })).toBeNull(),
    );
  });

  it("'No thanks' passes it on and the card goes", async () => {
    let live = true;
    const { calls } = renderGameDetail({
      user: testUser(),
      routes: {
        [OFFER]: () => Response.json({ lapsesAt: live ? lapsesAt : null }),
        "POST /api/games/7/offer/decline": () => {
          live = false;
          return Response.json({ lapsesAt: null });
        },
      },
    });
    const card = await screen.findByRole("region", { name: "Seat offered" });
    await userEvent.click(within(card).getByRole("button", { name: "No thanks" }));
    expect(calls("POST", "/api/games/7/offer/decline")).toHaveLength(1);
    await vi.waitFor(() =>
      expect(screen.queryByRole("region", { name: "Seat offered" })).toBeNull(),
    );
  });

  it("an offer that lapsed meanwhile: the server's reason is shown, the card goes", async () => {
    let live = true;
    renderGameDetail({
      user: testUser(),
      routes: {
        [OFFER]: () => Response.json({ lapsesAt: live ? lapsesAt : null }),
        "POST /api/games/7/offer/accept": () => {
          live = false;
          return Response.json(
            { message: "This seat is no longer offered to you." },
            { status: 409 },
          );
        },
      },
    });
    const card = await screen.findByRole("region", { name: "Seat offered" });
    await userEvent.click(within(card).getByRole("button", { name: "Take it" }));
    expect(await screen.findByText("This seat is no longer offered to you.")).toBeVisible();
    await vi.waitFor(() =>
      expect(screen.queryByRole("region", { name: "Seat offered" })).toBeNull(),
    );
  });

  it("nothing for a player without an offer, and no request for a visitor", async () => {
    const first = renderGameDetail({
      user: testUser(),
      routes: { [OFFER]: () => Response.json({ lapsesAt: null }) },
    });
    await screen.findByRole("heading", { name: "Evening Run at Venice" });
    await vi.waitFor(() => expect(first.calls("GET", OFFER)).toHaveLength(1));
    expect(screen.queryByRole("region", { name: "Seat offered" })).toBeNull();
    first.unmount();
    vi.unstubAllGlobals();
    const visitor = renderGameDetail({ user: null });
    await screen.findByRole("heading", { name: "Evening Run at Venice" });
    expect(visitor.calls("GET", OFFER)).toHaveLength(0);
    expect(screen.queryByRole("region", { name: "Seat offered" })).toBeNull();
  });
});
