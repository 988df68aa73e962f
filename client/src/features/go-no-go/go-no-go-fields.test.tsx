import { MIN_ABOVE_MAX } from "@common/go-no-go-text.ts";
import { toZonedInputValue, zonedValueToIso } from "@common/zoned-time.ts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import CreateGamePage from "@/pages/create-game.tsx";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { testCourt } from "@/test-support/test-checkin-courts.ts";
import { testGame } from "@/test-support/test-games.ts";
import { testUser } from "@/test-support/test-user.ts";

afterEach(() => vi.unstubAllGlobals());

const LA = "America/Los_Angeles";
const court = testCourt({ id: 2, name: "Rancho Park", address: "2551 Motor Ave, Los Angeles" });
const inAWeek = () =>
  `${toZonedInputValue(new Date(Date.now() + 7 * 86_400_000), LA).slice(0, 10)}T18:30`;

function renderForm() {
  const bodies: unknown[] = [];
  renderWithApi(<CreateGamePage />, {
    user: testUser(),
    path: "/games/create",
    routes: {
      "/api/courts": () => Response.json([court], { headers: { "x-total-count": "1" } }),
      "POST /api/games": (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return Response.json(testGame({ id: 42 }), { status: 201 });
      },
    },
  });
  return bodies;
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole("radio", { name: /Rancho Park/ }));
  await user.type(screen.getByLabelText("Title"), "Saturday Run");
  fireEvent.change(screen.getByLabelText("Date and time"), { target: { value: inAWeek() } });
}

describe("the create form's go/no-go", () => {
  it("sends a minimum and when to decide (3 hours before unless chosen)", async () => {
    const user = userEvent.setup();
    const bodies = renderForm();
    await fillIn(user);
    expect(screen.queryByLabelText("Decide")).toBeNull();
    await user.type(screen.getByLabelText("Minimum players"), "6");
    expect(screen.getByLabelText("Decide")).toHaveDisplayValue("3 hours before");
    await user.selectOptions(screen.getByLabelText("Decide"), "1 hour before");
    await user.click(screen.getByRole("button", { name: "Create Game" }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      courtId: 2,
      title: "Saturday Run",
      scheduledAt: zonedValueToIso(inAWeek(), LA),
      maxPlayers: 10,
      gameType: "pickup",
      minPlayers: 6,
      decideBeforeMinutes: 60,
    });
  });

  it("refuses a minimum above the number of players, sending nothing", async () => {
    const user = userEvent.setup();
    const bodies = renderForm();
    await fillIn(user);
    await user.type(screen.getByLabelText("Minimum players"), "12");
    await user.click(screen.getByRole("button", { name: "Create Game" }));
    expect(await screen.findByText(MIN_ABOVE_MAX)).toBeVisible();
    expect(screen.getByLabelText("Minimum players")).toHaveAccessibleDescription(
      expect.stringContaining(MIN_ABOVE_MAX),
    );
    expect(bodies).toEqual([]);
  });
});
