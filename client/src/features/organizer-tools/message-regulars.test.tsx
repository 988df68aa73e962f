import { MESSAGE_REQUIRED, TOO_MANY_MESSAGES } from "@common/games.ts";
import type { Run } from "@common/runs.ts";
import { useQuery } from "@tanstack/react-query";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getQueryFn } from "@/lib/api.ts";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { testGame } from "@/test-support/test-games.ts";
import { testUser } from "@/test-support/test-user.ts";
import { MessageRegulars } from "./message-regulars.tsx";

afterEach(() => vi.unstubAllGlobals());

const run: Run = {
  id: 3,
  courtId: 1,
  organizerId: "organizer-1",
  title: "Tuesday Run",
  gameType: "pickup",
  maxPlayers: 10,
  startTime: "18:30",
  weekdays: [1],
  intervalWeeks: 1,
  firstDate: "2030-03-05",
  untilDate: null,
  count: null,
  status: "active",
  earlyAccessHours: 0,
  court: testGame().court,
  regulars: [],
  upcoming: [],
};

function renderBox(userId: string, send?: () => Response) {
  const sent: unknown[] = [];
  const view = renderWithApi(
    <>
      <MessageRegulars runId={3} />
      <RunLoaded />
    </>,
    {
      user: testUser({ id: userId }),
      routes: {
        "/api/runs/3": Response.json(run),
        "POST /api/runs/3/message": (init) => {
          sent.push(JSON.parse(String(init?.body)));
          return send?.() ?? Response.json({ told: 2 });
        },
      },
    },
  );
  return { ...view, sent };
}

/** Shows once the run's read answered, so "shows nothing" is not checked too early. */
function RunLoaded() {
  const loaded = useQuery({
    queryKey: ["/api/runs/3"],
    queryFn: getQueryFn<Run>({ on401: "throw" }),
  });
  return loaded.data ? <p>loaded</p> : null;
}

describe("Message the regulars", () => {
  it("sends the organizer's message and says how many regulars were told", async () => {
    const user = userEvent.setup();
    const { sent } = renderBox("organizer-1");
    const box = await screen.findByLabelText("Message to every regular");
    await user.click(screen.getByRole("button", { name: "Send to regulars" }));
    expect(screen.getByRole("alert")).toHaveTextContent(MESSAGE_REQUIRED);
    expect(sent).toEqual([]);
    await user.type(box, "Bring a dark shirt");
    await user.click(screen.getByRole("button", { name: "Send to regulars" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Sent to 2 regulars.");
    expect(sent).toEqual([{ body: "Bring a dark shirt" }]);
    expect(box).toHaveValue("");
  });

  it("shows the server's refusal", async () => {
    const user = userEvent.setup();
    renderBox("organizer-1", () => Response.json({ message: TOO_MANY_MESSAGES }, { status: 429 }));
    await user.type(await screen.findByLabelText("Message to every regular"), "Hi");
    await user.click(screen.getByRole("button", { name: "Send to regulars" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(TOO_MANY_MESSAGES));
  });

  it("is not there for anyone but the organizer", async () => {
    renderBox("player-2");
    await screen.findByText("loaded");
    expect(screen.queryByLabelText("Message to every regular")).not.toBeInTheDocument();
  });
});
