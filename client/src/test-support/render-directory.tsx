import type { Court, CourtGame, CourtTile } from "@common/courts.ts";
import { tileBounds } from "@common/map-tiles.ts";
import type { CurrentUser } from "@common/user.ts";
import { render } from "@testing-library/react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { AppProviders } from "@/app/providers.tsx";
import { createQueryClient } from "@/app/query-client.ts";
import { CourtsDirectory } from "@/features/courts/courts-directory.tsx";
import { stubFetch } from "@/test-support/stub-fetch.ts";

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
  /** Map tiles ("z/x/y") that answer 500. */
  failTiles?: string[];
};

const inBox = (court: Court, [west, south, east, north]: number[]) =>
  court.longitude >= (west ?? -180) &&
  court.longitude < (east ?? 180) &&
  court.latitude > (south ?? -90) &&
  court.latitude <= (north ?? 90);

function matches(court: Court, params: URLSearchParams): boolean {
  const type = params.get("type");
  if (type && court.isIndoor !== (type === "indoor")) return false;
  if (params.get("lit") === "true" && !court.lighting) return false;
  if (params.get("free") === "true" && !court.freeToPlay) return false;
  const words = (params.get("q") ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  const text = `${court.name} ${court.address ?? ""}`.toLowerCase();
  return words.every((word) => text.includes(word));
}

const SORTS: Record<string, (a: Court, b: Court) => number> = {
  rating: (a, b) => b.rating - a.rating || a.id - b.id,
  name: (a, b) => a.name.localeCompare(b.name) || a.id - b.id,
  active: (a, b) => b.activePlayers - a.activePlayers || b.rating - a.rating || a.id - b.id,
};

/**
 * GET /api/courts, /api/courts/overview and /api/courts/tiles/… as the server answers them, over
 * a small list: the filters, search words, box, sort and paging the client sends are applied
 * simply here (the server's own rules are tested on the server).
 */
function courtsApi(courts: readonly Court[], url: string): Response | null {
  const { pathname, searchParams } = new URL(url, "http://localhost");
  if (pathname === "/api/courts/overview") {
    const lats = courts.map((c) => c.latitude);
    const lngs = courts.map((c) => c.longitude);
    return Response.json({
      totalCourts: courts.length,
      activePlayers: courts.reduce((n, c) => n + c.activePlayers, 0),
      bounds: courts.length
        ? [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)]
        : null,
    });
  }
  const tile = pathname.match(/^\/api\/courts\/tiles\/(\d+)\/(\d+)\/(\d+)$/);
  if (tile) {
    const [z, x, y] = tile.slice(1).map(Number) as [number, number, number];
    const box = tileBounds({ z, x, y });
    const answer: CourtTile = {
      clusters: [],
      courts: courts.filter((c) => inBox(c, box) && matches(c, searchParams)),
    };
    return Response.json(answer);
  }
  if (pathname !== "/api/courts") return null;
  const bbox = searchParams.get("bbox")?.split(",").map(Number);
  const ids = searchParams.get("ids")?.split(",").map(Number);
  const found = courts
    .filter((c) => (!bbox || inBox(c, bbox)) && (!ids || ids.includes(c.id)))
    .filter((c) => matches(c, searchParams))
    .sort(SORTS[searchParams.get("sort") ?? "rating"]);
  const offset = Number(searchParams.get("offset") ?? 0);
  const limit = Number(searchParams.get("limit") ?? 24);
  return Response.json(found.slice(offset, offset + limit), {
    headers: { "x-total-count": String(found.length) },
  });
}

/**
 * The directory with the app's providers and a fake API: GET /api/auth/user, the directory's
 * reads (courtsApi), /api/courts/favorites, /api/courts/{id}/games, the favorite writes and
 * POST /api/checkin. Call vi.unstubAllGlobals() after each test.
 */
export function renderDirectory(server: FakeServer = {}) {
  const { user = null, courts = [], games = {}, favoriteStatus = 204, path = "/courts" } = server;
  let favorites = [...(server.favorites ?? [])];
  const fetchMock = stubFetch(async (url, init) => {
    const method = init?.method ?? "GET";
    if (url === "/api/auth/user") {
      return user ? Response.json(user) : Response.json({ message: "No." }, { status: 401 });
    }
    if (url === "/api/courts/favorites") return Response.json(favorites);
    if (courts === "fail" && url.startsWith("/api/courts?")) {
      return Response.json({ message: "Down." }, { status: 500 });
    }
    const tile = url.match(/^\/api\/courts\/tiles\/(\d+\/\d+\/\d+)/)?.[1];
    if (tile && server.failTiles?.includes(tile)) {
      return Response.json({ message: "Down." }, { status: 500 });
    }
    const read = method === "GET" ? courtsApi(courts === "fail" ? [] : courts, url) : null;
    if (read) return read;
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
