import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { precompressFiles } from "./precompress.ts";

let dir = "";
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("precompressFiles", () => {
  it("writes a Brotli and a gzip copy of each text file worth it, which decompress to it", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "bwb-precompress-"));
    fs.mkdirSync(path.join(dir, "assets"));
    const script = `export const courts = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Court ${i}` })))};`;
    const files: Record<string, string | Buffer> = {
      "assets/app-1.js": script,
      "assets/app-1.css": `.a{color:red}`.repeat(200),
      "assets/tiny-2.js": "void 0;",
      "icons/icon.png": Buffer.alloc(4096, 7),
    };
    for (const [name, content] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), content);
    }

    const done = await precompressFiles(dir, Object.keys(files));

    expect(done).toEqual(["assets/app-1.css", "assets/app-1.js"]);
    for (const name of done) {
      const original = fs.readFileSync(path.join(dir, name));
      const br = fs.readFileSync(path.join(dir, `${name}.br`));
      const gz = fs.readFileSync(path.join(dir, `${name}.gz`));
      expect(zlib.brotliDecompressSync(br)).toEqual(original);
      expect(zlib.gunzipSync(gz)).toEqual(original);
      expect(br.length).toBeLessThan(gz.length);
    }
    // Too small to gain, or compressed already (images): no copies.
    expect(fs.existsSync(path.join(dir, "assets/tiny-2.js.br"))).toBe(false);
    expect(fs.existsSync(path.join(dir, "icons/icon.png.br"))).toBe(false);
  });
});
