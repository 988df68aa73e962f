import type { Court, CourtGame } from "@common/courts.ts";
import type { CurrentUser } from "@common/user.ts";
import { render } from "@testing-library/react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { AppProviders } from "@/app/providers.tsx";
import { createQueryClient } from "@/lib/query-client.ts";
import { stubFetch } from "@/test-support/stub-fetch.ts";
import { CourtsDirectory } from "./courts-directory.tsx";

type FakeServer = {
  user?: CurrentUser | null;
  courts?: readonly Court[] | "fail";
  favorites?: number[];
  games?: Record<number, CourtGame[]>;
  /** Status for PUT/DELETE /api/courts/{id}/favorite; 204 unless given. */
  favoriteStatus?: number;
  /** Favorite writes wait for this before answering (to see the optimistic state). */
  holdFavorites?: Promise<unknown>;
  path?: string;
};

/**
 * The directory with the app's providers and a fake API: GET /api/auth/user, /api/courts,
 * /api/courts/favorites, /api/courts/{id}/games, the favorite writes and POST /api/checkin. Call
 * vi.unstubAllGlobals() after each test.
 */
export function renderDirectory(server: FakeServer = {}) {
  const { user = null, courts = [], games = {}, favoriteStatus = 204, path = "/courts" } = server;
  let favorites = [...(server.favorites ?? [])];
  const fetchMock = stubFetch(async (url, init) => {
    const method = init?.method ?? "GET";
    if (url === "/api/auth/user") {
      return user ? Response.json(user) : Response.json({ message: "No." }, { status: 401 });
    }
    if (url === "/api/courts") {
      return courts === "fail"
        ? Response.json({ message: "Down." }, { status: 500 })
        : Response.json(courts);
    }
    if (url === "/api/courts/favorites") return Response.json(favorites);
    const favorite = url.match(/^\/api\/courts\/(\d+)\/favorite$/);
    if (favorite) {
      await server.holdFavorites;
      if (favoriteStatus !== 204) return new Response("Nope", { status: favoriteStatus });
      const id = Number(favorite[1]);
      favorites = method === "PUT" ? [...favorites, id] : favorites.filter((f) => f !== id);
      return new Response(null, { status: 204 });
    }
    if (url === "/api/checkin" && method === "POST") {
      const { courtId } = JSON.parse(String(init?.body)) as { courtId: number };
      const now = new Date().toISOString();
      return Response.json({ id: 1, courtId, courtName: "", checkedInAt: now, expiresAt: now });
    }
    const courtGames = url.match(/^\/api\/courts\/(\d+)\/games$/);
    if (courtGames) return Response.json(games[Number(courtGames[1])] ?? []);
    return Response.json({ message: "Not found." }, { status: 404 });
  });
  const location = memoryLocation({ path, record: true });
  const view = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AppProviders queryClient={createQueryClient()}>
        <CourtsDirectory />
      </AppProviders>
    </Router>,
  );
  const calls = (method: string, url: string | RegExp) =>
    fetchMock.mock.calls.filter(
      ([input, init]) =>
        (init?.method ?? "GET") === method &&
        (typeof url === "string" ? String(input) === url : url.test(String(input))),
    );
  return { ...view, fetchMock, calls };
}
