import type { GameLine } from "@common/game-line.ts";
import type { Game, GameMessage, GivenRating, Participant } from "@common/games.ts";
import type { CurrentUser } from "@common/user.ts";
import { act, render } from "@testing-library/react";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { AppProviders } from "@/app/providers.tsx";
import { createQueryClient } from "@/app/query-client.ts";
import { dismissToast } from "@/components/ui/use-toast.ts";
import GameDetailPage from "@/pages/game-detail.tsx";
import { stubFetch } from "@/test-support/stub-fetch.ts";
import { testGame, testParticipant } from "./test-games.ts";

/** What the fake API holds; route handlers may change it to answer later reads differently. */
export type GameServerState = {
  game: Game | null;
  participants: Participant[];
  ratings: GivenRating[];
  /** The thread, newest first (served in one page). */
  messages: GameMessage[];
  line: GameLine;
};

type Handler = (
  init: RequestInit | undefined,
  state: GameServerState,
) => Response | Promise<Response>;

type GameDetailServer = Partial<GameServerState> & {
  /** The signed-in user; null (the default) for a visitor. */
  user?: CurrentUser | null;
  /** "METHOD /path" (or "/path" for GET), answered before the defaults. */
  routes?: Record<string, Handler>;
  path?: string;
};

/** The organizer of testGame() holding their seat, as the API lists them first. */
export const organizerSeat = (overrides: Partial<Participant> = {}) =>
  testParticipant({
    userId: "organizer-1",
    status: "confirmed",
    isOrganizer: true,
    user: {
      id: "organizer-1",
      firstName: "Marcus",
      profileImageUrl: null,
      profile: { nickname: "Showtime", primaryPosition: "Point Guard" },
    },
    ...overrides,
  });

/**
 * The /game/:id page with the app's providers and a fake API for the game, its players, the
 * caller's ratings, the thread and the waiting line. Call vi.unstubAllGlobals() after each test.
 */
export function renderGameDetail(server: GameDetailServer = {}) {
  const { user = null, routes = {}, path = "/game/7" } = server;
  const state: GameServerState = {
    game: server.game === undefined ? testGame() : server.game,
    participants: server.participants ?? [organizerSeat()],
    ratings: server.ratings ?? [],
    messages: server.messages ?? [],
    line: server.line ?? { waiting: 0, position: null },
  };
  const fetchMock = stubFetch(async (url, init) => {
    const method = init?.method ?? "GET";
    if (url === "/api/auth/user") {
      return user ? Response.json(user) : Response.json({ message: "No." }, { status: 401 });
    }
    const handler = routes[`${method} ${url}`] ?? (method === "GET" ? routes[url] : undefined);
    if (handler) return handler(init, state);
    const id = state.game?.id;
    if (method === "GET" && state.game && url === `/api/games/${id}`) {
      return Response.json(state.game);
    }
    if (method === "GET" && url === `/api/games/${id}/participants`) {
      return Response.json(state.participants);
    }
    if (method === "GET" && url === `/api/games/${id}/ratings`) return Response.json(state.ratings);
    if (method === "GET" && url === `/api/games/${id}/messages`) {
      return Response.json({ items: state.messages, nextBefore: null });
    }
    if (method === "GET" && url === `/api/games/${id}/line`) return Response.json(state.line);
    return Response.json({ message: "Game not found" }, { status: 404 });
  });
  const location = memoryLocation({ path, record: true });
  const queryClient = createQueryClient();
  const view = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AppProviders queryClient={queryClient}>
        <Route path="/game/:id" component={GameDetailPage} />
      </AppProviders>
    </Router>,
  );
  const calls = (method: string, url: string) =>
    fetchMock.mock.calls.filter(
      ([input, init]) => (init?.method ?? "GET") === method && String(input) === url,
    );
  /** The JSON body of the last `method url` call. */
  const sentBody = (method: string, url: string) =>
    JSON.parse(String(calls(method, url).at(-1)?.[1]?.body));
  return { ...view, fetchMock, location, state, calls, sentBody, queryClient };
}

/** Toasts live in one module-wide store: clear it between tests. */
export const clearToasts = () => act(() => dismissToast());
