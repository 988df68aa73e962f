import type { Court } from "@common/courts.ts";
import { MAX_PLAYERS_MESSAGE, WHEN_IN_PAST } from "@common/game-limits.ts";
import { TOO_MANY_ORGANIZED } from "@common/games.ts";
import { toZonedInputValue, zonedValueToIso } from "@common/zoned-time.ts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import CreateGamePage from "@/pages/create-game.tsx";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { testCourt } from "@/test-support/test-checkin-courts.ts";
import { testGame } from "@/test-support/test-games.ts";
import { testUser } from "@/test-support/test-user.ts";

afterEach(() => vi.unstubAllGlobals());

const LA = "America/Los_Angeles";
const COURTS = [
  testCourt({ id: 1, name: "Venice Beach Courts", address: "1800 Ocean Front Walk, Venice" }),
  testCourt({ id: 2, name: "Rancho Park", address: "2551 Motor Ave, Los Angeles" }),
  testCourt({ id: 3, name: "Pan Pacific Park", address: "7600 Beverly Blvd, Los Angeles" }),
  testCourt({
    id: 4,
    name: "Rucker Park",
    address: "W 155th St, New York",
    latitude: 40.83,
    longitude: -73.94,
    timeZone: "America/New_York",
  }),
];

/**
 * GET /api/courts as the picker uses it: `ids`, or `q` matched against name and address (the
 * server's own search is tested on the server), sorted by name, with X-Total-Count.
 */
function courtSearch(_init?: RequestInit, url = "") {
  const params = new URL(url, "http://localhost").searchParams;
  const ids = params.get("ids")?.split(",").map(Number);
  const words = (params.get("q") ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  const found: Court[] = COURTS.filter((c) => !ids || ids.includes(c.id))
    .filter((c) => words.every((w) => `${c.name} ${c.address}`.toLowerCase().includes(w)))
    .sort((a, b) => a.name.localeCompare(b.name));
  const limit = Number(params.get("limit") ?? 24);
  return Response.json(found.slice(0, limit), {
    headers: { "x-total-count": String(found.length) },
  });
}

type Post = (init?: RequestInit) => Response | Promise<Response>;

function renderForm({ post, path = "/games/create" }: { post?: Post; path?: string } = {}) {
  return renderWithApi(<CreateGamePage />, {
    user: testUser(),
    path,
    routes: {
      "/api/courts": courtSearch,
      "POST /api/games": post ?? (() => Response.json(testGame({ id: 42 }), { status: 201 })),
    },
  });
}

/** 6:30 PM a week from now on a zone's clock, as the date and time input holds it. */
const inAWeek = (timeZone = LA) =>
  `${toZonedInputValue(new Date(Date.now() + 7 * 86_400_000), timeZone).slice(0, 10)}T18:30`;

async function fillIn(user: ReturnType<typeof userEvent.setup>, court = /Rancho Park/) {
  await user.type(screen.getByRole("searchbox", { name: "Search courts" }), "park");
  await user.click(await screen.findByRole("radio", { name: court }));
  await user.type(screen.getByLabelText("Title"), "Saturday Run");
  fireEvent.change(screen.getByLabelText("Date and time"), { target: { value: inAWeek() } });
}

const posts = (fetchMock: ReturnType<typeof renderForm>["fetchMock"]) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === "POST");
const toasts = () => screen.getByRole("region", { name: /notifications/i });
const submit = () => screen.getByRole("button", { name: "Create Game" });

describe("/games/create", () => {
  it("shows the schema's messages under the fields and sends nothing", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderForm();
    await screen.findByRole("radio", { name: /Venice Beach Courts/ });
    await user.click(submit());
    expect(await screen.findByText("Choose a court")).toBeInTheDocument();
    expect(screen.getByLabelText("Title")).toHaveAccessibleDescription("Title is required");
    expect(screen.getByLabelText("Date and time")).toHaveAccessibleDescription(
      /Choose a date and time/,
    );
    expect(screen.getByRole("searchbox", { name: "Search courts" })).toHaveFocus();
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it("refuses a past time and a number of players out of range", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderForm();
    await screen.findByRole("radio", { name: /Venice Beach Courts/ });
    await fillIn(user);
    fireEvent.change(screen.getByLabelText("Date and time"), {
      target: { value: toZonedInputValue(new Date(Date.now() - 3_600_000), LA) },
    });
    const players = screen.getByLabelText("Number of players");
    await user.clear(players);
    await user.type(players, "31");
    await user.click(submit());
    expect(await screen.findByText(WHEN_IN_PAST)).toBeInTheDocument();
    expect(players).toHaveAccessibleDescription(expect.stringContaining(MAX_PLAYERS_MESSAGE));
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it("searches every court on the server as the player types", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderForm();
    const courts = () => screen.getAllByRole("radio").map((r) => r.closest("label")?.textContent);
    await screen.findByRole("radio", { name: /Venice Beach Courts/ });
    // Without a saved position, by name: a page of 8, never the whole list.
    const firstUrl = fetchMock.mock.calls
      .map(([u]) => String(u))
      .find((u) => u.startsWith("/api/courts"));
    expect(firstUrl).toBe("/api/courts?limit=8&sort=name");
    expect(courts()).toHaveLength(4);
    const search = screen.getByRole("searchbox", { name: "Search courts" });
    await user.type(search, "motor ave");
    await waitFor(() => expect(screen.getAllByRole("radio")).toHaveLength(1));
    expect(screen.getByRole("radio", { name: /Rancho Park/ })).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toContainEqual(
      expect.stringContaining("q=motor+ave"),
    );
    await user.clear(search);
    await user.type(search, "nowhere");
    expect(await screen.findByText("No courts match your search.")).toBeInTheDocument();
  });

  it("reads the date and time on the court's clock, and says so", async () => {
    const user = userEvent.setup();
    let body: Record<string, unknown> = {};
    renderForm({
      post: (init) => {
        body = JSON.parse(String(init?.body));
        return Response.json(testGame({ id: 42 }), { status: 201 });
      },
    });
    const when = await screen.findByLabelText("Date and time");
    expect(when).toHaveAccessibleDescription(
      /Choose the court first: the time is the court's local time/,
    );
    await fillIn(user, /Rucker Park/);
    expect(when).toHaveAccessibleDescription(/Local time at Rucker Park \(ET\)/);
    const typed = inAWeek("America/New_York");
    fireEvent.change(when, { target: { value: typed } });
    await user.click(submit());
    await waitFor(() => expect(body.courtId).toBe(4));
    // 6:30 PM in New York, whatever zone this browser is in.
    expect(body.scheduledAt).toBe(zonedValueToIso(typed, "America/New_York"));
    expect(String(body.scheduledAt)).toMatch(/T18:30:00-0[45]:00$/);
  });

  it("posts the game with an ISO time and the defaults, then opens its page", async () => {
    const user = userEvent.setup();
    let body: unknown;
    const { fetchMock, location } = renderForm({
      post: (init) => {
        body = JSON.parse(String(init?.body));
        return Response.json(testGame({ id: 42, title: "Saturday Run" }), { status: 201 });
      },
    });
    await screen.findByRole("radio", { name: /Venice Beach Courts/ });
    expect(screen.getByLabelText("Number of players")).toHaveValue(10);
    expect(screen.getByLabelText("Game type")).toHaveDisplayValue("Pickup");
    await fillIn(user);
    await user.click(submit());
    await waitFor(() => expect(location.history?.at(-1)).toBe("/game/42"));
    expect(posts(fetchMock)).toHaveLength(1);
    expect(body).toEqual({
      courtId: 2,
      title: "Saturday Run",
      scheduledAt: zonedValueToIso(inAWeek(), LA),
      maxPlayers: 10,
      gameType: "pickup",
    });
    expect(toasts()).toHaveTextContent("Game created!");
    expect(toasts()).toHaveTextContent("Saturday Run is on. Share it with your crew.");
  });

  it("sends the chosen players and game type", async () => {
    const user = userEvent.setup();
    let body: Record<string, unknown> = {};
    renderForm({
      post: (init) => {
        body = JSON.parse(String(init?.body));
        return Response.json(testGame({ id: 42 }), { status: 201 });
      },
    });
    await screen.findByRole("radio", { name: /Venice Beach Courts/ });
    await fillIn(user);
    const players = screen.getByLabelText("Number of players");
    await user.clear(players);
    await user.type(players, "6");
    await user.selectOptions(screen.getByLabelText("Game type"), "3-on-3");
    await user.click(submit());
    await waitFor(() => expect(body).toMatchObject({ maxPlayers: 6, gameType: "3v3" }));
  });

  it("starts on the court of ?courtId=", async () => {
    renderForm({ path: "/games/create?courtId=3" });
    expect(await screen.findByRole("radio", { name: /Pan Pacific Park/ })).toBeChecked();
  });

  it("ignores a ?courtId= that is not a listed court", async () => {
    const user = userEvent.setup();
    renderForm({ path: "/games/create?courtId=999" });
    await screen.findByRole("radio", { name: /Pan Pacific Park/ });
    for (const radio of screen.getAllByRole("radio")) expect(radio).not.toBeChecked();
    await user.click(submit());
    expect(await screen.findByText("Choose a court")).toBeInTheDocument();
  });

  it("says 'Creating...' while it waits, and a double click creates one game", async () => {
    const user = userEvent.setup();
    let answer: () => void = () => {};
    const { fetchMock } = renderForm({
      post: () =>
        new Promise((resolve) => {
          answer = () => resolve(Response.json(testGame({ id: 42 }), { status: 201 }));
        }),
    });
    await screen.findByRole("radio", { name: /Venice Beach Courts/ });
    await fillIn(user);
    await user.dblClick(submit());
    const pending = await screen.findByRole("button", { name: "Creating..." });
    expect(pending).toBeDisabled();
    await user.click(pending);
    answer();
    await screen.findByText("Game created!");
    expect(posts(fetchMock)).toHaveLength(1);
  });

  it("puts the server's field errors under their fields, and a missing court under Court", async () => {
    const user = userEvent.setup();
    let status = 400;
    renderForm({
      post: () =>
        status === 400
          ? Response.json(
              { message: "Invalid input.", errors: { title: "Title is taken tonight" } },
              { status: 400 },
            )
          : Response.json({ message: "Court not found." }, { status: 404 }),
    });
    await screen.findByRole("radio", { name: /Venice Beach Courts/ });
    await fillIn(user);
    await user.click(submit());
    expect(await screen.findByText("Title is taken tonight")).toBeInTheDocument();
    expect(screen.getByLabelText("Title")).toHaveFocus();
    status = 404;
    await user.click(submit());
    const court = screen.getByRole("group", { name: "Court" });
    expect(await within(court).findByText("Court not found.")).toBeInTheDocument();
  });

  it("shows a refusal such as too many organized games in a destructive toast", async () => {
    const user = userEvent.setup();
    const { location } = renderForm({
      post: () => Response.json({ message: TOO_MANY_ORGANIZED }, { status: 409 }),
    });
    await screen.findByRole("radio", { name: /Venice Beach Courts/ });
    await fillIn(user);
    await user.click(submit());
    await waitFor(() => expect(toasts()).toHaveTextContent(TOO_MANY_ORGANIZED));
    expect(toasts()).toHaveTextContent("Could not create the game");
    expect(location.history?.at(-1)).toBe("/games/create");
    expect(submit()).toBeEnabled();
  });
});
