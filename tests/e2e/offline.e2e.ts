import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type CDPSession, chromium, type Page } from "playwright-core";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { expectAccessible } from "./support/axe.ts";
import {
  baseUrl,
  type ConsoleAllowance,
  SIGNED_OUT_USER_CHECK,
  screenshot,
  setUpBrowser,
} from "./support/browser.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./support/chromium.ts";

const browser = setUpBrowser();

const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const VENICE = "Venice Beach Basketball Courts";
const OFFLINE_TEXT = "You're offline — showing what you saw last";

/** Offline, what is not kept (who is signed in, the live stream) fails to load, as it should. */
const OFFLINE_FAILURES: ConsoleAllowance[] = ["/api/auth/user", "/api/events"].map((path) => ({
  reason: "offline: the network is gone",
  text: /^Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|FAILED)$/,
  path,
}));

/** Spec §8: a failed auth check is logged and treated as signed out, offline too. */
const OFFLINE_AUTH_CHECK: ConsoleAllowance = {
  reason: "offline: the auth check cannot reach the server",
  text: /^Auth check failed OfflineError: You're offline\./,
  path: /^\/assets\/[\w-]+\.js$/,
};

/** A 256×256 map tile, so the maps draw without leaving the machine (and the tiles are kept). */
const TILE = PNG.sync.write(new PNG({ width: 256, height: 256 }));

type Manifest = {
  name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
};

async function checkManifest(page: Page) {
  const href = await page.locator('head link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  const response = await page.request.get(href ?? "");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  const manifest = (await response.json()) as Manifest;
  expect(manifest).toMatchObject({
    name: "Ball with the Bros",
    start_url: "/",
    scope: "/",
    display: "standalone",
  });
  expect(await page.locator('meta[name="theme-color"]').getAttribute("content")).toBe(
    manifest.theme_color,
  );
  expect(manifest.icons.map((icon) => `${icon.purpose} ${icon.sizes}`).sort()).toEqual([
    "any 192x192",
    "any 512x512",
    "maskable 192x192",
    "maskable 512x512",
  ]);
  const icons = [
    ...manifest.icons,
    { src: "/icons/apple-touch-icon.png", sizes: "180x180", type: "image/png" },
  ];
  for (const icon of icons) {
    const file = await page.request.get(icon.src);
    expect(file.headers()["content-type"], icon.src).toBe(icon.type);
    const png = PNG.sync.read(await file.body());
    expect(`${png.width}x${png.height}`, icon.src).toBe(icon.sizes);
  }
}

/** Waits until the service worker is active and controls this page; answers its script URL. */
function controlledBy(page: Page): Promise<string> {
  return page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }),
      );
    }
    return navigator.serviceWorker.controller?.scriptURL ?? "";
  });
}

async function installabilityErrors(cdp: CDPSession) {
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  return installabilityErrors;
}

const banner = (page: Page) => page.getByRole("status").filter({ hasText: OFFLINE_TEXT });

describe("the installable app", () => {
  // Installing needs a browser profile of its own: a test context is incognito, which Chromium
  // reports as the one reason it cannot install anything.
  it("is installable (no installability errors) and its service worker shows web pushes", async () => {
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), "bwb-install-"));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      baseURL: baseUrl(),
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto("/");
      expect(new URL(await controlledBy(page)).pathname).toBe("/sw.js");
      const cdp = await context.newCDPSession(page);
      await expect.poll(() => installabilityErrors(cdp), { timeout: 15_000 }).toEqual([]);

      // Web push uses this same registration (scope "/"): a push delivered to it is shown.
      await context.grantPermissions(["notifications"], { origin: baseUrl() });
      const registrations: { registrationId: string; scopeURL: string }[] = [];
      cdp.on("ServiceWorker.workerRegistrationUpdated", (event) => {
        registrations.push(...event.registrations);
      });
      await cdp.send("ServiceWorker.enable");
      await expect.poll(() => registrations.length).toBeGreaterThan(0);
      expect(new Set(registrations.map((r) => new URL(r.scopeURL).pathname))).toEqual(
        new Set(["/"]),
      );
      const registrationId = registrations.find(
        (r) => new URL(r.scopeURL).pathname === "/",
      )?.registrationId;
      const shown = () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready;
          return (await registration.getNotifications()).map((n) => `${n.title}: ${n.body}`);
        });
      // A push can arrive while the worker is still settling; the same tag replaces, so
      // delivering again until it shows never makes two.
      await expect
        .poll(async () => {
          await cdp.send("ServiceWorker.deliverPushMessage", {
            origin: new URL(baseUrl()).origin,
            registrationId: registrationId ?? "",
            data: JSON.stringify({ title: "Fill the game", body: "2 seats left", url: "/courts" }),
          });
          await page.waitForTimeout(250);
          return shown();
        })
        .toEqual(["Fill the game: 2 seats left"]);
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });

  for (const [name, options] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    it(`on a ${name}: manifest and icons, the service worker controls, offline shows the last data`, async () => {
      const { page, context } = await browser.newPage({
        ...options,
        allowConsoleErrors: [SIGNED_OUT_USER_CHECK, OFFLINE_AUTH_CHECK, ...OFFLINE_FAILURES],
      });
      let tilesServed = 0;
      await context.route("https://tile.openstreetmap.org/**", (route) => {
        tilesServed += 1;
        return route.fulfill({ status: 200, contentType: "image/png", body: TILE });
      });
      const leaders = (await (await page.request.get("/api/leaderboard/global")).json()) as {
        nickname: string;
      }[];
      const leader = leaders[0]?.nickname ?? "";
      expect(leader).not.toBe("");

      await page.goto("/");
      await checkManifest(page);
      expect(new URL(await controlledBy(page)).pathname).toBe("/sw.js");

      // Online, as a visitor: the courts, then the leaderboard.
      await page.goto("/courts");
      await page.getByRole("article", { name: VENICE, exact: true }).waitFor();
      await page.goto("/leaderboard");
      await page.getByRole("listitem").filter({ hasText: leader }).first().waitFor();
      expect(await banner(page).count()).toBe(0);

      // Offline: reloading the leaderboard, then opening the courts, shows the app shell, the
      // banner and the last data seen.
      expect(tilesServed).toBeGreaterThan(0);
      await context.setOffline(true);
      await page.reload();
      await banner(page).waitFor();
      await page.getByRole("listitem").filter({ hasText: leader }).first().waitFor();
      await expectAccessible(page, `the leaderboard offline (${name})`);
      console.log(`[e2e] screenshot: ${await screenshot(page, `offline-leaderboard-${name}`)}`);

      await page.goto("/courts");
      await page.getByRole("heading", { level: 1, name: "Courts" }).waitFor();
      await banner(page).waitFor();
      await page.getByRole("article", { name: VENICE, exact: true }).waitFor();
      await page.reload();
      await banner(page).waitFor();
      await page.getByRole("article", { name: VENICE, exact: true }).waitFor();
      await expectAccessible(page, `the courts offline (${name})`);
      console.log(`[e2e] screenshot: ${await screenshot(page, `offline-courts-${name}`)}`);

      await context.setOffline(false);
      await expect.poll(() => banner(page).count()).toBe(0);
      await page.getByRole("article", { name: VENICE, exact: true }).waitFor();
    });
  }
});
