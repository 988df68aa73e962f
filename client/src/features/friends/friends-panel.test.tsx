import type { FriendsOverview } from "@common/friends.ts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { testUser } from "@/test-support/test-user.ts";
import { FriendButton } from "./friend-button.tsx";
import { FriendsPanel } from "./friends-panel.tsx";

afterEach(() => vi.unstubAllGlobals());

const person = (id: string, nickname: string) => ({
  id,
  nickname,
  primaryPosition: "Center",
  profileImageUrl: null,
  since: "2026-11-20T18:00:00.000Z",
});

/** A fake friends API whose list changes as the calls are made. */
function friendsApi(start: FriendsOverview) {
  let state = start;
  const calls: string[] = [];
  const done = () => Response.json({ ok: true });
  return {
    calls,
    routes: {
      "/api/friends": () => Response.json(state),
      "POST /api/friends/requests/ana/accept": () => {
        calls.push("accept ana");
        state = {
          ...state,
          incoming: state.incoming.filter((p) => p.id !== "ana"),
          friends: [person("ana", "Ana"), ...state.friends],
        };
        return done();
      },
      "POST /api/friends/requests/cal/decline": () => {
        calls.push("decline cal");
        state = { ...state, incoming: state.incoming.filter((p) => p.id !== "cal") };
        return done();
      },
      "DELETE /api/friends/requests/dee": () => {
        calls.push("withdraw dee");
        state = { ...state, outgoing: [] };
        return done();
      },
      "POST /api/friends/requests": (init?: RequestInit) => {
        calls.push(`ask ${JSON.parse(String(init?.body)).userId}`);
        state = { ...state, outgoing: [person("eve", "Eve")] };
        return Response.json({ status: "requested" });
      },
    },
  };
}

describe("the friends card", () => {
  it("accepts and declines requests, lists friends, withdraws a sent request", async () => {
    const api = friendsApi({
      friends: [person("ben", "Ben")],
      incoming: [person("ana", "Ana"), person("cal", "Cal")],
      outgoing: [person("dee", "Dee")],
    });
    renderWithApi(<FriendsPanel />, { user: testUser(), routes: api.routes });
    const requests = await screen.findByRole("region", { name: "Friend requests (2)" });
    expect(within(requests).getByText("Ana")).toBeInTheDocument();
    const friends = screen.getByRole("list", { name: "Your friends" });
    expect(within(friends).getByText("Ben")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Accept Ana" }));
    expect(await within(friends).findByText("Ana")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Decline Cal" }));
    await userEvent.click(screen.getByRole("button", { name: "Withdraw your request to Dee" }));
    expect(await screen.findByText("Request withdrawn")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: /Friend requests/ })).toBeNull();
    expect(screen.queryByText("Requests you sent")).toBeNull();
    expect(api.calls).toEqual(["accept ana", "decline cal", "withdraw dee"]);
  });

  it("says how friends help when there are none", async () => {
    const api = friendsApi({ friends: [], incoming: [], outgoing: [] });
    renderWithApi(<FriendsPanel />, { user: testUser(), routes: api.routes });
    expect(await screen.findByText(/No friends yet/)).toBeInTheDocument();
  });
});

describe("a player card's friend control", () => {
  it("adds a friend, then shows the request as sent", async () => {
    const api = friendsApi({ friends: [], incoming: [], outgoing: [] });
    renderWithApi(<FriendButton playerId="eve" playerName="Eve" />, {
      user: testUser(),
      routes: api.routes,
    });
    await userEvent.click(await screen.findByRole("button", { name: "Add Eve as a friend" }));
    expect(await screen.findByText("Friend request sent")).toBeInTheDocument();
    expect(api.calls).toEqual(["ask eve"]);
  });

  it("offers Accept to a player who asked, and shows Friends for a friend", async () => {
    const api = friendsApi({
      friends: [person("ben", "Ben")],
      incoming: [person("ana", "Ana")],
      outgoing: [],
    });
    renderWithApi(
      <>
        <FriendButton playerId="ana" playerName="Ana" />
        <FriendButton playerId="ben" playerName="Ben" />
      </>,
      { user: testUser(), routes: api.routes },
    );
    expect(await screen.findByText("Friends")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Accept Ana's friend request" }));
    expect(await screen.findAllByText("Friends")).toHaveLength(2);
    expect(api.calls).toEqual(["accept ana"]);
  });
});
