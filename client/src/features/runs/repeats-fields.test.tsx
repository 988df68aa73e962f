import type { Court } from "@common/courts.ts";
import {
  RUN_END_BEFORE_START,
  RUN_TIME_SKIPPED,
  RUN_TOO_MANY_DATES,
  RUN_WEEKDAY_REQUIRED,
  WEEKDAY_NAMES,
} from "@common/runs.ts";
import { toZonedInputValue } from "@common/zoned-time.ts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import CreateGamePage from "@/pages/create-game.tsx";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { testCourt } from "@/test-support/test-checkin-courts.ts";
import { testGame } from "@/test-support/test-games.ts";
import { testUser } from "@/test-support/test-user.ts";
import { weekdayOf } from "./weekday-of.ts";

afterEach(() => vi.unstubAllGlobals());

const COURT: Court = testCourt({ id: 2, name: "Rancho Park" }); // America/Los_Angeles

/** 6:30 PM a week from now on the court's clock, as the date and time input holds it. */
const inAWeek = () =>
  `${toZonedInputValue(new Date(Date.now() + 7 * 86_400_000), COURT.timeZone).slice(0, 10)}T18:30`;

type Handler = (init?: RequestInit) => Response | Promise<Response>;

function renderForm(postRun: Handler) {
  return renderWithApi(<CreateGamePage />, {
    user: testUser(),
    path: "/games/create",
    routes: {
      "/api/courts": () => Response.json([COURT], { headers: { "x-total-count": "1" } }),
      "POST /api/runs": postRun,
      "POST /api/games": () => Response.json(testGame({ id: 42 }), { status: 201 }),
    },
  });
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, dateTime = inAWeek()) {
  await user.click(await screen.findByRole("radio", { name: /Rancho Park/ }));
  await user.type(screen.getByLabelText("Title"), "Hoops Run");
  fireEvent.change(screen.getByLabelText("Date and time"), { target: { value: dateTime } });
  await user.selectOptions(screen.getByLabelText("Repeats"), "Every week");
}

const runPosts = (fetchMock: ReturnType<typeof renderForm>["fetchMock"]) =>
  fetchMock.mock.calls.filter(([url, init]) => url === "/api/runs" && init?.method === "POST");

/** The answer to POST /api/runs: the form reads only the new run's id (to open its page). */
const made = (id: number) => Response.json({ id }, { status: 201 });

describe("Repeats on the create form", () => {
  it("does not repeat by default: the form makes one game", async () => {
    const user = userEvent.setup();
    const { fetchMock, location } = renderForm(() => Response.json({}, { status: 500 }));
    await user.click(await screen.findByRole("radio", { name: /Rancho Park/ }));
    expect(screen.getByLabelText("Repeats")).toHaveDisplayValue("Does not repeat");
    expect(screen.queryByRole("group", { name: "On these days" })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText("Title"), "Hoops Run");
    fireEvent.change(screen.getByLabelText("Date and time"), { target: { value: inAWeek() } });
    await user.click(screen.getByRole("button", { name: "Create Game" }));
    await waitFor(() => expect(location.history?.at(-1)).toBe("/game/42"));
    expect(runPosts(fetchMock)).toHaveLength(0);
  });

  it("makes a run on two weekdays every 2 weeks, 6 times, and opens its page", async () => {
    const user = userEvent.setup();
    let posted: unknown;
    const { location } = renderForm((init) => {
      posted = JSON.parse(String(init?.body));
      return made(9);
    });
    const dateTime = inAWeek();
    const day = weekdayOf(dateTime.slice(0, 10));
    const other = (day + 2) % 7;
    await fillIn(user, dateTime);
    // The chosen date's weekday is ticked; no other is.
    expect(screen.getByRole("checkbox", { name: WEEKDAY_NAMES[day] })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: WEEKDAY_NAMES[other] })).not.toBeChecked();
    // A run has no go/no-go: its fields go away.
    expect(screen.queryByLabelText("Minimum players")).not.toBeInTheDocument();
    await user.click(screen.getByRole("checkbox", { name: WEEKDAY_NAMES[other] }));
    await user.selectOptions(screen.getByLabelText("How often"), "Every 2 weeks");
    await user.click(screen.getByRole("radio", { name: "After a number of times" }));
    await user.type(screen.getByLabelText("Number of times"), "6");
    const hours = screen.getByLabelText("Regulars first (hours)");
    await user.clear(hours);
    await user.type(hours, "12");
    await user.click(screen.getByRole("button", { name: "Create Run" }));
    await waitFor(() => expect(location.history?.at(-1)).toBe("/runs/9"));
    expect(posted).toEqual({
      courtId: COURT.id,
      title: "Hoops Run",
      maxPlayers: 10,
      gameType: "pickup",
      firstDate: dateTime.slice(0, 10),
      startTime: "18:30",
      weekdays: [day, other].sort(),
      intervalWeeks: 2,
      count: 6,
      earlyAccessHours: 12,
    });
  });

  it("says 'Creating...' while the run is made, and a double click makes one run", async () => {
    const user = userEvent.setup();
    let answer: () => void = () => {};
    const { fetchMock, location } = renderForm(
      () =>
        new Promise((resolve) => {
          answer = () => resolve(made(9));
        }),
    );
    await fillIn(user);
    await user.dblClick(screen.getByRole("button", { name: "Create Run" }));
    const pending = await screen.findByRole("button", { name: "Creating..." });
    expect(pending).toBeDisabled();
    answer();
    await waitFor(() => expect(location.history?.at(-1)).toBe("/runs/9"));
    expect(runPosts(fetchMock)).toHaveLength(1);
  });

  it("checks the rule before sending: a day is needed, and the end not before the start", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderForm(() => made(9));
    const dateTime = inAWeek();
    await fillIn(user, dateTime);
    await user.click(
      screen.getByRole("checkbox", { name: WEEKDAY_NAMES[weekdayOf(dateTime.slice(0, 10))] }),
    );
    await user.click(screen.getByRole("radio", { name: "On a date" }));
    const before = new Date(Date.parse(`${dateTime.slice(0, 10)}T00:00:00Z`) - 86_400_000);
    fireEvent.change(screen.getByLabelText("Last date"), {
      target: { value: before.toISOString().slice(0, 10) },
    });
    await user.click(screen.getByRole("button", { name: "Create Run" }));
    expect(await screen.findByText(RUN_WEEKDAY_REQUIRED)).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "On these days" })).toHaveAccessibleDescription(
      RUN_WEEKDAY_REQUIRED,
    );
    expect(screen.getByLabelText("Last date")).toHaveAccessibleDescription(RUN_END_BEFORE_START);
    expect(runPosts(fetchMock)).toHaveLength(0);
  });

  it("puts the server's refusals at their fields: too many dates, a time the clocks skip", async () => {
    const user = userEvent.setup();
    const skipped = RUN_TIME_SKIPPED("02:30", "2027-03-14");
    const answers = [
      { message: RUN_TOO_MANY_DATES, errors: { untilDate: RUN_TOO_MANY_DATES } },
      { message: skipped, errors: { startTime: skipped } },
    ];
    const { fetchMock, location } = renderForm(() =>
      Response.json(answers.shift(), { status: 400 }),
    );
    const dateTime = inAWeek();
    await fillIn(user, dateTime);
    await user.click(screen.getByRole("radio", { name: "On a date" }));
    fireEvent.change(screen.getByLabelText("Last date"), { target: { value: "2036-01-01" } });
    await user.click(screen.getByRole("button", { name: "Create Run" }));
    await waitFor(() =>
      expect(screen.getByLabelText("Last date")).toHaveAccessibleDescription(RUN_TOO_MANY_DATES),
    );
    await user.click(screen.getByRole("button", { name: "Create Run" }));
    await waitFor(() =>
      expect(screen.getByLabelText("Date and time")).toHaveAccessibleDescription(
        expect.stringContaining(skipped),
      ),
    );
    // The earlier refusal is gone once the server says something else.
    expect(screen.getByLabelText("Last date")).not.toHaveAccessibleDescription(RUN_TOO_MANY_DATES);
    expect(runPosts(fetchMock)).toHaveLength(2);
    expect(location.history?.at(-1)).toBe("/games/create");
  });
});
