import { createRequire } from "node:module";
import path from "node:path";
import { PNG } from "pngjs";
import { createWorker, type Worker } from "tesseract.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  insertCourtRow,
  insertGameWithPlayers,
  insertPlayer,
} from "../../test-support/game-rows.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { previewVersion } from "./preview-image.ts";

const HOUR = 3_600_000;
// Thursday 4 July 2030, 23:30 UTC: 7:30 PM in New York.
const JULY_4_2030 = Date.UTC(2030, 6, 4, 23, 30);

let t: TestApp;
let ocr: Worker;
let courtId: number;
let gameId: number;

beforeAll(async () => {
  t = await createTestApp();
  const organizerId = await insertPlayer(t.db);
  courtId = await insertCourtRow(t.db, {
    name: "Rucker Park",
    address: "155th St & Frederick Douglass Blvd, New York, NY",
    latitude: 40.8296,
    longitude: -73.9365,
  });
  gameId = await insertGameWithPlayers(t.db, {
    courtId,
    organizerId,
    startsInHours: (JULY_4_2030 - Date.now()) / HOUR,
    title: "Fourth of July Run",
  });
  // Tesseract's English model from npm, read from disk: nothing is downloaded.
  const require = createRequire(import.meta.url);
  const langPath = path.join(path.dirname(require.resolve("@tesseract.js-data/eng")), "4.0.0");
  ocr = await createWorker("eng", 1, { langPath, gzip: true, cacheMethod: "none" });
}, 60_000);
afterAll(async () => {
  await ocr?.terminate();
  await t?.close();
});

async function fetchPng(url: string) {
  const response = await t.app.inject({ url });
  expect(response.statusCode, url).toBe(200);
  expect(response.headers["content-type"]).toBe("image/png");
  return { response, png: PNG.sync.read(response.rawPayload), bytes: response.rawPayload };
}

/** The words a reader sees in the image, on one line, in lower case. */
async function textIn(bytes: Buffer): Promise<string> {
  const { data } = await ocr.recognize(bytes);
  return data.text.replace(/\s+/g, " ").toLowerCase();
}

describe("link preview images", () => {
  it("draw a game as a 1200×630 PNG with its title, time in the court's zone and court", async () => {
    const { png, bytes } = await fetchPng(`/api/games/${gameId}/preview.png`);
    expect([png.width, png.height]).toEqual([1200, 630]);
    const text = await textIn(bytes);
    expect(text).toContain("fourth of july run");
    expect(text).toContain("7:30 pm et");
    expect(text).toContain("rucker park");
    expect(text).toContain("9 spots left");
    expect(text).toContain("ball with the bros");
  });

  it("draw a court with its name, place and facts", async () => {
    const { png, bytes } = await fetchPng(`/api/courts/${courtId}/preview.png`);
    expect([png.width, png.height]).toEqual([1200, 630]);
    const text = await textIn(bytes);
    expect(text).toContain("rucker park");
    expect(text).toContain("frederick douglass");
    expect(text).toContain("outdoor");
  });

  it("draw the site's card for the other public pages", async () => {
    const { png, bytes } = await fetchPng("/api/preview.png");
    expect([png.width, png.height]).toEqual([1200, 630]);
    expect(await textIn(bytes)).toContain("ball with the bros");
  });

  it("are cached by what they show: an ETag, and a year under the page's version", async () => {
    const first = await t.app.inject({ url: `/api/games/${gameId}/preview.png` });
    const etag = String(first.headers.etag);
    expect(first.headers["cache-control"]).toBe("public, max-age=300");
    const version = etag.replaceAll('"', "");
    const pinned = await t.app.inject({ url: `/api/games/${gameId}/preview.png?v=${version}` });
    expect(pinned.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(pinned.rawPayload.equals(first.rawPayload)).toBe(true);
    const again = await t.app.inject({
      url: `/api/games/${gameId}/preview.png`,
      headers: { "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it("change version when what they show changes", () => {
    const card = { kicker: "Pickup game", title: "Run", lines: ["Sat"], badges: ["3 spots left"] };
    expect(previewVersion({ ...card })).toBe(previewVersion(card));
    expect(previewVersion({ ...card, badges: ["2 spots left"] })).not.toBe(previewVersion(card));
    expect(previewVersion({ ...card, title: "Run!" })).not.toBe(previewVersion(card));
  });

  it("answer 404 for a missing game or court and 400 for a bad id", async () => {
    expect((await t.app.inject({ url: "/api/games/999999/preview.png" })).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/api/courts/999999/preview.png" })).statusCode).toBe(404);
    const bad = await t.app.inject({ url: "/api/games/abc/preview.png" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Game id must be a positive whole number");
  });
});
