import { MAX_PLAYERS_MESSAGE, TOO_MANY_ORGANIZED, WHEN_IN_PAST } from "@common/games.ts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testCourt } from "@/features/checkins/test-courts.ts";
import CreateGamePage from "@/pages/create-game.tsx";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { testUser } from "@/test-support/test-user.ts";
import { toLocalInputValue } from "./local-date-time.ts";
import { testGame } from "./test-games.ts";

afterEach(() => vi.unstubAllGlobals());

const COURTS = [
  testCourt({ id: 1, name: "Venice Beach Courts", address: "1800 Ocean Front Walk, Venice" }),
  testCourt({ id: 2, name: "Rancho Park", address: "2551 Motor Ave, Los Angeles" }),
  testCourt({ id: 3, name: "Pan Pacific Park", address: "7600 Beverly Blvd, Los Angeles" }),
];

type Post = (init?: RequestInit) => Response | Promise<Response>;

function renderForm({ post, path = "/games/create" }: { post?: Post; path?: string } = {}) {
  return renderWithApi(<CreateGamePage />, {
    user: testUser(),
    path,
    routes: {
      "/api/courts": Response.json(COURTS),
      "POST /api/games": post ?? (() => Response.json(testGame({ id: 42 }), { status: 201 })),
    },
  });
}

const inAWeek = () => {
  const date = new Date(Date.now() + 7 * 86_400_000);
  date.setHours(18, 30, 0, 0);
  return date;
};

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole("searchbox", { name: "Search courts" }), "rancho");
  await user.click(screen.getByRole("radio", { name: /Rancho Park/ }));
  await user.type(screen.getByLabelText("Title"), "Saturday Run");
  fireEvent.change(screen.getByLabelText("Date and time"), {
    target: { value: toLocalInputValue(inAWeek()) },
  });
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
      target: { value: toLocalInputValue(new Date(Date.now() - 3_600_000)) },
    });
    const players = screen.getByLabelText("Number of players");
    await user.clear(players);
    await user.type(players, "31");
    await user.click(submit());
    expect(await screen.findByText(WHEN_IN_PAST)).toBeInTheDocument();
    expect(players).toHaveAccessibleDescription(expect.stringContaining(MAX_PLAYERS_MESSAGE));
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it("filters the courts by name or address as the player types", async () => {
    const user = userEvent.setup();
    renderForm();
    const courts = () => screen.getAllByRole("radio").map((r) => r.closest("label")?.textContent);
    await screen.findByRole("radio", { name: /Venice Beach Courts/ });
    // Without a saved position, by name.
    expect(courts().map((c) => c?.split(/\d/)[0])).toEqual([
      "Pan Pacific Park",
      "Rancho Park",
      "Venice Beach Courts",
    ]);
    const search = screen.getByRole("searchbox", { name: "Search courts" });
    await user.type(search, "motor ave");
    expect(screen.getAllByRole("radio")).toHaveLength(1);
    expect(screen.getByRole("radio", { name: /Rancho Park/ })).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, "nowhere");
    expect(screen.getByText("No courts match your search.")).toBeInTheDocument();
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
      scheduledAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T18:30:00(Z|[+-]\d{2}:\d{2})$/),
      maxPlayers: 10,
      gameType: "pickup",
    });
    expect(Date.parse((body as { scheduledAt: string }).scheduledAt)).toBe(inAWeek().getTime());
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
