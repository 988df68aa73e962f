import { ORGANIZER_NOT_TAKING_MESSAGES } from "@common/games.ts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubLocation } from "@/test-support/stub-location.ts";
import { testUser } from "@/test-support/test-user.ts";
import { clearToasts, renderGameDetail } from "./render-game-detail.tsx";
import { testGame, testMessage } from "./test-games.ts";

afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
});

const me = testUser();
const organizer = testUser({ id: "organizer-1", firstName: "Marcus" });

describe("Message Organizer", () => {
  it("sends the typed message, confirms and closes", async () => {
    const { sentBody } = renderGameDetail({
      user: me,
      routes: {
        "POST /api/games/7/messages": () =>
          Response.json(testMessage({ body: "Room for two more?" }), { status: 201 }),
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Message Organizer" }));
    const dialog = screen.getByRole("dialog", { name: "Message Organizer" });
    expect(dialog).toHaveTextContent("Showtime will see your message on this game's page.");
    await userEvent.type(within(dialog).getByLabelText("Message"), "  Room for two more?  ");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send" }));

    expect(await screen.findByText("Message sent")).toBeInTheDocument();
    expect(screen.getByText("The organizer will see it on the game page.")).toBeInTheDocument();
    expect(sentBody("POST", "/api/games/7/messages")).toEqual({ body: "Room for two more?" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("refuses an empty message and shows the server's refusal in the dialog", async () => {
    const { calls } = renderGameDetail({
      user: me,
      routes: {
        "POST /api/games/7/messages": () =>
          Response.json({ message: "Too many messages. Try again later." }, { status: 429 }),
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Message Organizer" }));
    const dialog = screen.getByRole("dialog");
    const field = within(dialog).getByLabelText("Message");
    expect(field).toHaveAttribute("maxlength", "1000");
    await userEvent.type(field, "   ");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Write a message first");
    expect(calls("POST", "/api/games/7/messages")).toHaveLength(0);

    await userEvent.type(field, "Hello");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send" }));
    expect(await within(dialog).findByText("Too many messages. Try again later.")).toBeVisible();
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("is disabled with the reason when the organizer takes no messages", async () => {
    const game = testGame();
    game.organizer.acceptsMessages = false;
    renderGameDetail({ user: me, game });
    const button = await screen.findByRole("button", { name: "Message Organizer" });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(ORGANIZER_NOT_TAKING_MESSAGES);
  });

  it("sends a visitor to sign in, and never shows the organizer's e-mail", async () => {
    renderGameDetail();
    const button = await screen.findByRole("button", { name: "Message Organizer" });
    const location = stubLocation("http://localhost:3000/game/7");
    await userEvent.click(button);
    expect(location.href).toBe("/api/login?returnTo=%2Fgame%2F7");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.body).not.toHaveTextContent("@");
  });
});

describe("the organizer's messages", () => {
  it("lists the players' messages with sender, time and text", async () => {
    renderGameDetail({
      user: organizer,
      messages: [
        testMessage({
          id: 2,
          body: "Running late, save me a spot",
          createdAt: "2030-05-04T01:30:00Z",
        }),
        testMessage(),
      ],
    });
    const list = await screen.findByRole("list", { name: "Messages from players" });
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent("Lu Buckets");
    expect(items[0]).toHaveTextContent("Running late, save me a spot");
    expect(within(items[0] as HTMLElement).getByText(/2030|May/)).toHaveAttribute(
      "datetime",
      "2030-05-04T01:30:00Z",
    );
    expect(screen.queryByRole("button", { name: "Message Organizer" })).toBeNull();
  });

  it("says 'No messages yet.' when there are none, and shows no messages to others", async () => {
    const view = renderGameDetail({ user: organizer });
    expect(await screen.findByText("No messages yet.")).toBeInTheDocument();
    view.unmount();

    const { calls } = renderGameDetail({ user: me });
    await screen.findByRole("button", { name: "Message Organizer" });
    expect(screen.queryByRole("heading", { name: "Messages from players" })).toBeNull();
    expect(calls("GET", "/api/games/7/messages")).toHaveLength(0);
  });
});
