import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadPageRenderer } from "./first-paint.ts";

// A stand-in for dist/server/entry-server.js: counts its imports, answers with what it was told.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bwb-lazy-renderer-"));
fs.writeFileSync(
  path.join(dir, "entry-server.js"),
  `globalThis.__rendererImports = (globalThis.__rendererImports ?? 0) + 1;
let answer;
export function configure(fetchAnswer) { answer = fetchAnswer; }
export async function render(url) {
  const reply = await answer(url);
  return { html: await reply.text(), state: { url } };
}
`,
);
const imports = () => (globalThis as { __rendererImports?: number }).__rendererImports ?? 0;

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("the page renderer loaded on first use", () => {
  it("is missing when nothing is built", () => {
    expect(loadPageRenderer(path.join(dir, "nowhere"))).toBeUndefined();
  });

  it("imports nothing until a render or preload, then once, configured as told before", async () => {
    const renderer = loadPageRenderer(dir);
    expect(renderer).toBeDefined();
    renderer?.configure(async (input) => new Response(`page of ${String(input)}`));
    expect(imports()).toBe(0);

    const [first, second] = await Promise.all([
      renderer?.render("/courts"),
      renderer?.render("/leaderboard"),
    ]);
    expect(first).toEqual({ html: "page of /courts", state: { url: "/courts" } });
    expect(second?.html).toBe("page of /leaderboard");
    await renderer?.preload();
    expect(imports()).toBe(1);
  });
});
