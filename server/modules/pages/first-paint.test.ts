import { formatGameTime } from "@common/game-time.ts";
import { CURRENT_USER_ID, SERVER_STATE_ID } from "@common/page-data.ts";
import type { CurrentUser } from "@common/user.ts";
import type { DehydratedState } from "@tanstack/react-query";
import Fastify from "fastify";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as entryServer from "../../../client/src/entry-server.tsx";
import { storable } from "../../../client/src/sw-rules.ts";
import { makeClientDir } from "../../test-support/client-dir.ts";
import {
  insertCourtRow,
  insertDecidedGame,
  insertGameWithPlayers,
  insertPlayer,
} from "../../test-support/game-rows.ts";
import { createTestApp, signUpUser, type TestApp } from "../../test-support/test-app.ts";
import { createFirstPaint } from "./first-paint.ts";

// The real renderer (client/src/entry-server.tsx, what `npm run build` puts in dist/server)
// on a real database: what a visitor's browser, or a crawler without JavaScript, receives.
let t: TestApp;
let client: ReturnType<typeof makeClientDir>;
let courtId: number;
let gameId: number;

beforeAll(async () => {
  client = makeClientDir();
  t = await createTestApp({ clientDir: client.dir, pageRenderer: entryServer });
  courtId = await insertCourtRow(t.db, {
    name: "Rucker Park",
    address: "155th St & Frederick Douglass Blvd, New York, NY",
    latitude: 40.8296,
    longitude: -73.9365,
    numberOfCourts: 2,
    lighting: true,
  });
  const star = await insertPlayer(t.db, { nickname: "Skywalker" });
  const rival = await insertPlayer(t.db, { nickname: "Benchwarmer" });
  await insertDecidedGame(t.db, { courtId, winners: [star], losers: [rival], startsInHours: -48 });
  gameId = await insertGameWithPlayers(t.db, {
    courtId,
    organizerId: star,
    players: [rival, await insertPlayer(t.db)],
    startsInHours: 30,
    title: "Saturday Run </script><b>bold</b>",
    maxPlayers: 10,
  });
});
afterAll(async () => {
  await t.close();
  client.remove();
});

/** The page as received: its status, the text of #root, and the queries it carries. */
async function fetchPage(url: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ url, headers });
  const { document } = new JSDOM(response.body).window;
  const root = document.getElementById("root");
  const stateText = document.getElementById(SERVER_STATE_ID)?.textContent;
  const state = stateText ? (JSON.parse(stateText) as DehydratedState) : undefined;
  const userText = document.getElementById(CURRENT_USER_ID)?.textContent;
  return {
    status: response.statusCode,
    cacheControl: response.headers["cache-control"],
    /** What the service worker would keep of this answer (client/src/sw-rules.ts). */
    keptOffline: storable(
      new Response(response.body, {
        status: response.statusCode,
        headers: { "cache-control": String(response.headers["cache-control"] ?? "") },
      }),
    ),
    /** Who is signed in, as the page tells the app; undefined: the page does not say. */
    user: userText === undefined ? undefined : (JSON.parse(userText) as CurrentUser | null),
    body: response.body,
    text: root?.textContent?.replace(/\s+/g, " ") ?? "",
    heading: root?.querySelector("h1")?.textContent ?? null,
    rootScripts: root?.querySelectorAll("script").length ?? 0,
    queries: state?.queries.map((q) => q.queryKey[0]) ?? [],
    data: (key: string) => state?.queries.find((q) => q.queryKey[0] === key)?.state.data,
  };
}

describe("a visitor's page arrives with its first screen", () => {
  it("the landing: its heading and the live counters, with the data the app hydrates", async () => {
    const page = await fetchPage("/");
    expect(page.status).toBe(200);
    expect(page.heading).toBe("Find Your Court, Find Your Crew");
    expect(page.data("/api/metrics")).toMatchObject({ totalCourts: 1, activeUsers: 3 });
    expect(page.text).toMatch(/Active Bros\s?3\s?Live Courts\s?1/);
    // Signed out is part of the state, so the browser does not ask again.
    expect(page.queries).toContain("/api/auth/user");
    expect(page.data("/api/auth/user")).toBeNull();
    // Everything inline: no reveal scripts the page's CSP would refuse.
    expect(page.rootScripts).toBe(0);
  });

  it("the leaderboard: its top player", async () => {
    const page = await fetchPage("/leaderboard");
    expect(page.heading).toBe("Leaderboard");
    expect(page.text).toContain("Skywalker");
    expect(page.text.indexOf("Skywalker")).toBeLessThan(page.text.indexOf("Benchwarmer"));
    expect(page.queries).toContain("/api/leaderboard/global");
  });

  it("a game: its title and seats, typed text escaped in the markup and in the state", async () => {
    const page = await fetchPage(`/game/${gameId}`);
    expect(page.status).toBe(200);
    expect(page.heading).toBe("Saturday Run </script><b>bold</b>");
    expect(page.text).toContain("3 / 10 Players");
    expect(page.text).toContain("7 spots left");
    expect(page.text).toContain("Rucker Park");
    expect(page.body).not.toContain("<b>bold</b>");
    expect(page.data(`/api/games/${gameId}`)).toMatchObject({ currentPlayers: 3, maxPlayers: 10 });
  });

  it("a game: its time on the court's clock, with the court's zone named", async () => {
    const page = await fetchPage(`/game/${gameId}`);
    const game = page.data(`/api/games/${gameId}`) as { scheduledAt: string };
    // Rucker Park is in New York, whatever zone the server runs in.
    expect(page.text).toContain(formatGameTime(game.scheduledAt, "America/New_York", "full"));
    expect(page.text).toMatch(/ at \d{1,2}:\d{2} [AP]M ET/);
  });

  it("a court: its name and facts; the map is left to the browser", async () => {
    const page = await fetchPage(`/courts/${courtId}`);
    expect(page.heading).toBe("Rucker Park");
    expect(page.text).toContain("155th St & Frederick Douglass Blvd");
    expect(page.text).toContain("Lights");
    expect(page.text).toContain("Saturday Run");
    expect(page.body).toContain('aria-label="Map of Rucker Park"');
    expect(page.body).not.toContain("leaflet-container");
  });

  it("the courts directory: heading, counters, filters and the map's frame", async () => {
    const page = await fetchPage("/courts");
    expect(page.heading).toBe("Courts");
    expect(page.text).toMatch(/Courts Available\s?1/);
    expect(page.text).toContain("Clear All Filters");
    expect(page.body).toContain('aria-label="Map of courts"');
    expect(page.queries).toContain("/api/courts/overview");
  });

  it("every page runs the app's entry, the courts directory included, and no other script", async () => {
    const scriptsOf = (body: string) => {
      const { document } = new JSDOM(body).window;
      return [...document.querySelectorAll("script[src]")].map((script) =>
        script.getAttribute("src"),
      );
    };
    expect(scriptsOf((await fetchPage("/courts")).body)).toEqual(["/assets/app-abc123.js"]);
    expect(scriptsOf((await fetchPage("/")).body)).toEqual(["/assets/app-abc123.js"]);
    const { cookie } = await signUpUser(t.app);
    const shell = await fetchPage("/courts", { cookie });
    expect(scriptsOf(shell.body)).toEqual(["/assets/app-abc123.js"]);
  });

  it("a missing game or court: 404 with the app shell, which says so", async () => {
    for (const url of ["/game/999999", "/courts/999999"]) {
      const page = await fetchPage(url);
      expect(page.status).toBe(404);
      expect(page.text).toBe("");
      expect(page.queries).toEqual([]);
    }
  });

  it("a signed-in player gets the shell: their pages differ per person", async () => {
    const { cookie } = await signUpUser(t.app);
    const page = await fetchPage("/leaderboard", { cookie });
    expect(page.status).toBe(200);
    expect(page.text).toBe("");
    expect(page.queries).toEqual([]);
  });
});

describe("every page says who is signed in, so the browser never asks first", () => {
  it("a visitor: nobody, on rendered pages, the shell of a missing game and a signed-in page", async () => {
    for (const url of ["/", "/courts", "/game/999999", "/dashboard"]) {
      const page = await fetchPage(url);
      expect(page.user, url).toBeNull();
      expect(page.cacheControl, url).toBe("no-cache");
    }
  });

  it("a signed-in player: their user, as GET /api/auth/user answers it, on a page never kept", async () => {
    const { cookie } = await signUpUser(t.app, { firstName: "Jordan" });
    const api = await t.app.inject({ url: "/api/auth/user", headers: { cookie } });
    for (const url of ["/", "/dashboard", "/game/999999"]) {
      const page = await fetchPage(url, { cookie });
      expect(page.user, url).toEqual(api.json());
      expect(page.user?.firstName).toBe("Jordan");
      expect(page.cacheControl, url).toBe("no-store");
      expect(page.keptOffline, url).toBe(false);
    }
  });

  it("signed out: the same page with the old cookie says nobody again, and may be kept", async () => {
    const { cookie } = await signUpUser(t.app);
    const before = await fetchPage("/leaderboard", { cookie });
    expect(before.user).not.toBeNull();
    expect(before.keptOffline).toBe(false);

    const logout = await t.app.inject({ method: "GET", url: "/api/logout", headers: { cookie } });
    expect(logout.statusCode).toBe(303);
    const after = await fetchPage("/leaderboard", { cookie });
    expect(after.user).toBeNull();
    // A visitor's page: rendered like anyone's, and what the service worker may keep.
    expect(after.text).toContain("Skywalker");
    expect(after.keptOffline).toBe(true);
  });

  it("typed text in the user cannot close the script that carries it", async () => {
    const { cookie } = await signUpUser(t.app, { firstName: "</script><b>x</b>" });
    const page = await fetchPage("/", { cookie });
    expect(page.user?.firstName).toBe("</script><b>x</b>");
    expect(page.body).not.toContain("</script><b>x</b>");
  });
});

describe("rendering never fails a page", () => {
  it("a renderer that throws gives the shell (200); a page renders once for everyone asking", async () => {
    let renders = 0;
    const dir = makeClientDir();
    const other = await createTestApp({
      clientDir: dir.dir,
      pageRenderer: {
        configure() {},
        render: async (url) => {
          if (url === "/contact") throw new Error("a component broke");
          renders += 1;
          return { html: `<h1>${url}</h1>`, state: { mutations: [], queries: [] } };
        },
      },
    });
    try {
      const broken = await other.app.inject({ url: "/contact" });
      expect(broken.statusCode).toBe(200);
      expect(broken.body).toContain('<div id="root"></div>');
      expect(broken.body).not.toContain(SERVER_STATE_ID);

      const pages = await Promise.all(
        ["/leaderboard", "/leaderboard", "/leaderboard", "/courts"].map((url) =>
          other.app.inject({ url }),
        ),
      );
      expect(pages.map((p) => p.body.includes('<div id="root"><h1>'))).toEqual([
        true,
        true,
        true,
        true,
      ]);
      expect(renders).toBe(2);
    } finally {
      await other.close();
      dir.remove();
    }
  });

  it("a slow render: the shell now, the rendered page for the next visitor", async () => {
    const app = Fastify();
    let finish: () => void = () => {};
    const firstPaint = createFirstPaint(
      app,
      {
        configure() {},
        render: () =>
          new Promise((resolve) => {
            finish = () => resolve({ html: "<h1>late</h1>", state: {} });
          }),
      },
      { timeoutMs: 20 },
    );
    expect(await firstPaint("/courts")).toBeNull();
    finish();
    expect(await firstPaint("/courts")).toMatchObject({ root: "<h1>late</h1>" });
    await app.close();
  });
});
