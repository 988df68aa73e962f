import type { GameMessage } from "@common/games.ts";
import { REPORT_THANKS } from "@common/moderation.ts";
import { TEXT_REFUSED } from "@common/text-filter.ts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  clearToasts,
  organizerSeat,
  renderGameDetail,
} from "@/test-support/render-game-detail.tsx";
import { testParticipant } from "@/test-support/test-games.ts";
import { testUser } from "@/test-support/test-user.ts";

afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
});

const me = testUser();
const mySeat = () =>
  testParticipant({
    userId: me.id,
    user: { id: me.id, firstName: "Jordan", profileImageUrl: null, profile: null },
  });
const message = (id: number, body: string): GameMessage => ({
  id,
  body,
  createdAt: new Date(2030, 4, 4, 18, id).toISOString(),
  sender: {
    id: "organizer-1",
    firstName: "Marcus",
    profileImageUrl: null,
    profile: { nickname: "Showtime", primaryPosition: "Point Guard" },
  },
});

describe("the game chat", () => {
  it("a seated player reads it newest first and writes in it", async () => {
    const { sentBody } = renderGameDetail({
      user: me,
      participants: [organizerSeat(), mySeat()],
      messages: [message(2, "Bring water"), message(1, "Court 2 tonight")],
      routes: {
        "POST /api/games/7/messages": (init, state) => {
          const body = JSON.parse(String(init?.body)).body as string;
          const sent = { ...message(3, body), sender: mySeat().user };
          state.messages = [sent, ...state.messages];
          return Response.json(sent, { status: 201 });
        },
      },
    });
    const list = await screen.findByRole("list", { name: "Game chat messages" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.querySelector("p:nth-of-type(2)")?.textContent),
    ).toEqual(["Bring water", "Court 2 tonight"]);
    await userEvent.type(screen.getByLabelText("Message"), "On my way");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await within(list).findByText("On my way")).toBeInTheDocument();
    expect(sentBody("POST", "/api/games/7/messages")).toEqual({ body: "On my way" });
    expect(screen.getByLabelText("Message")).toHaveValue("");
  });

  it("refuses an empty message with the shared schema's words, sending nothing", async () => {
    const { calls } = renderGameDetail({ user: me, participants: [organizerSeat(), mySeat()] });
    await userEvent.click(await screen.findByRole("button", { name: "Send" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Write a message first");
    expect(calls("POST", "/api/games/7/messages")).toHaveLength(0);
    expect(screen.getByText("No messages yet. Say hi to your team.")).toBeInTheDocument();
  });

  it("refuses a word the text filter finds, saying why, sending nothing and keeping the text", async () => {
    const { calls } = renderGameDetail({ user: me, participants: [organizerSeat(), mySeat()] });
    await userEvent.type(await screen.findByLabelText("Message"), "Sh1t, running late");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(TEXT_REFUSED);
    expect(screen.getByLabelText("Message")).toHaveAccessibleDescription(TEXT_REFUSED);
    expect(screen.getByLabelText("Message")).toHaveValue("Sh1t, running late");
    expect(calls("POST", "/api/games/7/messages")).toHaveLength(0);
  });

  it("loads older messages on demand", async () => {
    renderGameDetail({
      user: me,
      participants: [organizerSeat(), mySeat()],
      routes: {
        "/api/games/7/messages": () =>
          Response.json({ items: [message(5, "Newest")], nextBefore: 5 }),
        "/api/games/7/messages?before=5": () =>
          Response.json({ items: [message(4, "Older")], nextBefore: null }),
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Load older messages" }));
    expect(await screen.findByText("Older")).toBeInTheDocument();
    expect(screen.getByText("Newest")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Load older messages" })).toBeNull();
  });

  it("offers Report on others' messages, not on one's own, and reports the message by its id", async () => {
    const mine = { ...message(3, "See you there"), sender: mySeat().user };
    const { sentBody } = renderGameDetail({
      user: me,
      participants: [organizerSeat(), mySeat()],
      messages: [mine, message(2, "Bring water")],
      routes: {
        "POST /api/reports": () => Response.json({ id: 9 }, { status: 201 }),
      },
    });
    const list = await screen.findByRole("list", { name: "Game chat messages" });
    const [own, theirs] = within(list).getAllByRole("listitem");
    const report = await within(theirs as HTMLElement).findByRole("button", {
      name: "Report message from Showtime",
    });
    expect(within(own as HTMLElement).queryByRole("button", { name: /Report/ })).toBeNull();
    await userEvent.click(report);
    const dialog = await screen.findByRole("dialog", { name: "Report message from Showtime?" });
    await userEvent.click(within(dialog).getByRole("radio", { name: "Hate speech" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Send report" }));
    expect(await screen.findByText(REPORT_THANKS)).toBeInTheDocument();
    expect(sentBody("POST", "/api/reports")).toEqual({
      kind: "message",
      targetId: "2",
      reason: "hate",
    });
  });

  it("is not shown to a visitor or a player without a spot, and nothing asks for it", async () => {
    for (const user of [null, me]) {
      const { calls, unmount } = renderGameDetail({ user });
      await screen.findByRole("list", { name: "Players" });
      expect(screen.queryByRole("heading", { name: "Game chat" })).toBeNull();
      expect(screen.queryByRole("button", { name: "Message Organizer" })).toBeNull();
      expect(calls("GET", "/api/games/7/messages")).toHaveLength(0);
      unmount();
      vi.unstubAllGlobals();
    }
  });
});
