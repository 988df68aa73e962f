import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { detectFormat } from "./detect-format.ts";

const FIXTURES = path.resolve(import.meta.dirname, "../../tests/fixtures/osm");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bwb-detect-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string | Buffer) {
  const target = path.join(dir, name);
  fs.writeFileSync(target, content);
  return target;
}

describe("detectFormat", () => {
  it("recognises each format by its content, whatever the file is called", async () => {
    const pbf = fs.readFileSync(path.join(FIXTURES, "vaduz.osm.pbf"));
    const xml = fs.readFileSync(path.join(FIXTURES, "vaduz.osm"));
    expect(await detectFormat(file("a.dat", pbf))).toEqual({ kind: "pbf", gzip: false });
    expect(await detectFormat(file("b.pbf", xml))).toEqual({ kind: "xml", gzip: false });
    expect(await detectFormat(file("c.txt", '\uFEFF  {"elements": []}'))).toEqual({
      kind: "json",
      gzip: false,
    });
    expect(await detectFormat(file("d.osm.gz", zlib.gzipSync(xml)))).toEqual({
      kind: "xml",
      gzip: true,
    });
  });

  it("refuses what it cannot read with a one-line reason", async () => {
    const refusal = async (target: string) => {
      const error = await detectFormat(target).then(
        () => null,
        (e: Error) => e,
      );
      expect(error?.message).not.toContain("\n");
      return error?.message;
    };
    expect(await refusal(file("e.osm", ""))).toMatch(/is empty/);
    expect(await refusal(path.join(dir, "missing.osm.pbf"))).toMatch(/no such file/);
    expect(await refusal(dir)).toMatch(/is a directory/);
    expect(await refusal(file("f.png", Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4])))).toMatch(
      /not in a known format/,
    );
    expect(await refusal(file("g.osm.bz2", "BZh91AY&SY..."))).toMatch(/bzip2/);
    expect(await refusal(file("h.csv", "name,lat,lon\nCourt,1,2\n"))).toMatch(
      /not in a known format/,
    );
  });
});
