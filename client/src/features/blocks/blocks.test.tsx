import type { BlockedPlayer } from "@common/blocks.ts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { testUser } from "@/test-support/test-user.ts";
import { BlockButton } from "./block-button.tsx";
import { BlockedPlayersCard } from "./blocked-players-card.tsx";

afterEach(() => vi.unstubAllGlobals());

const blocked = (id: string, nickname: string): BlockedPlayer => ({
  id,
  nickname,
  profileImageUrl: null,
  since: "2026-11-27T18:00:00.000Z",
});

/** A fake blocks API whose list changes as the calls are made. */
function blocksApi(start: BlockedPlayer[]) {
  let list = start;
  const calls: string[] = [];
  return {
    calls,
    routes: {
      "/api/blocks": () => Response.json(list),
      "PUT /api/blocks/ben": () => {
        calls.push("block ben");
        list = [blocked("ben", "Ben"), ...list];
        return Response.json({ ok: true });
      },
      "DELETE /api/blocks/cal": () => {
        calls.push("unblock cal");
        list = list.filter((p) => p.id !== "cal");
        return Response.json({ ok: true });
      },
    },
  };
}

describe("blocking a player", () => {
  it("says what a block does before it is made, and Cancel makes none", async () => {
    const api = blocksApi([]);
    renderWithApi(<BlockButton playerId="ben" playerName="Ben" />, {
      user: testUser(),
      routes: api.routes,
    });
    await userEvent.click(screen.getByRole("button", { name: "Block Ben" }));
    const dialog = await screen.findByRole("dialog", { name: "Block Ben?" });
    expect(dialog).toHaveTextContent("They are not told. You can unblock them in Settings.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(api.calls).toEqual([]);

    await userEvent.click(screen.getByRole("button", { name: "Block Ben" }));
    const again = await screen.findByRole("dialog", { name: "Block Ben?" });
    await userEvent.click(within(again).getByRole("button", { name: "Block Ben" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(api.calls).toEqual(["block ben"]);
    expect(await screen.findByText("Player blocked")).toBeInTheDocument();
  });

  it("shows the server's refusal and keeps the dialog open", async () => {
    renderWithApi(<BlockButton playerId="ben" playerName="Ben" />, {
      user: testUser(),
      routes: {
        "PUT /api/blocks/ben": () =>
          Response.json({ message: "Player not found" }, { status: 404 }),
      },
    });
    await userEvent.click(screen.getByRole("button", { name: "Block Ben" }));
    const dialog = await screen.findByRole("dialog", { name: "Block Ben?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Block Ben" }));
    expect(await screen.findByText("Player not found")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Block Ben?" })).toBeInTheDocument();
  });
});

describe("the blocked players card", () => {
  it("lists the players blocked and unblocks one", async () => {
    const api = blocksApi([blocked("cal", "Cal"), blocked("dee", "Dee")]);
    renderWithApi(<BlockedPlayersCard />, { user: testUser(), routes: api.routes });
    const list = await screen.findByRole("list", { name: "Players you blocked" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["CalUnblock", "DeeUnblock"]);
    await userEvent.click(screen.getByRole("button", { name: "Unblock Cal" }));
    await waitFor(() => expect(screen.queryByText("Cal")).not.toBeInTheDocument());
    expect(api.calls).toEqual(["unblock cal"]);
    expect(screen.getByText("Dee")).toBeInTheDocument();
  });

  it("says so when nobody is blocked", async () => {
    renderWithApi(<BlockedPlayersCard />, { user: testUser(), routes: blocksApi([]).routes });
    expect(await screen.findByText(/You haven't blocked anyone/)).toBeInTheDocument();
  });
});
