import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { testPlayer } from "@/test-support/test-players.ts";
import { testUser } from "@/test-support/test-user.ts";
import PlayersPage from "./players.tsx";

afterEach(() => vi.unstubAllGlobals());

describe("the players page", () => {
  it("puts Friend, Block and Report on each player's card", async () => {
    renderWithApi(<PlayersPage />, {
      user: testUser({ latitude: 34, longitude: -118.4 }),
      routes: {
        "/api/players/nearby": Response.json([
          testPlayer({ id: "a", nickname: "Splash" }),
          testPlayer({ id: "b", nickname: "Dimes" }),
        ]),
        "/api/friends": Response.json({ friends: [], incoming: [], outgoing: [] }),
      },
    });
    const card = await screen.findByRole("article", { name: "Dimes" });
    expect(within(card).getByRole("button", { name: "Block Dimes" })).toBeInTheDocument();
    expect(
      within(screen.getByRole("article", { name: "Splash" })).getByRole("button", {
        name: "Report Splash",
      }),
    ).toBeInTheDocument();
    await userEvent.click(within(card).getByRole("button", { name: "Report Dimes" }));
    expect(await screen.findByRole("dialog", { name: "Report Dimes?" })).toBeInTheDocument();
  });
});
