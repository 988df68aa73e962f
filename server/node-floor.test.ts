import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import pkg from "../package.json" with { type: "json" };

/**
 * cookie@2 (under @fastify/cookie and light-my-request, Fastify's inject) and
 * content-disposition@3 (under @fastify/static) declare Node >= 22: they are ES modules only,
 * and their CommonJS dependents load them with require(), which Node runs unflagged since
 * 22.12 and 20.19. So `engines` says >=20.19, and npm's EBADENGINE warnings for those two are
 * expected (decisions §20). This holds the claim to account on the Node that runs the tests.
 */
const require = createRequire(import.meta.url);
const versionOf = (name: string) => {
  const entry = require.resolve(name);
  const root = entry.slice(0, entry.lastIndexOf(`node_modules${path.sep}${name}`));
  const file = path.join(root, "node_modules", name, "package.json");
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { version: string }).version;
};

describe("the Node floor in engines", () => {
  it("is 20.19 or later, where require() of an ES module works without a flag", () => {
    expect(pkg.engines.node).toBe(">=20.19");
    const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
    expect(major > 20 || (major === 20 && minor >= 19)).toBe(true);
    expect(process.features.require_module).toBe(true);
  });

  it("loads cookie@2 through require(), as its CommonJS dependents do, and it works", () => {
    const cookie = require("cookie") as typeof import("cookie");
    expect(versionOf("cookie")).toMatch(/^2\./);
    expect(cookie.parseCookie("a=1; b=two")).toEqual({ a: "1", b: "two" });
    expect(cookie.stringifySetCookie({ name: "s", value: "v", httpOnly: true })).toBe(
      "s=v; HttpOnly",
    );
  });

  it("loads content-disposition@3 through require(), and it works", () => {
    const contentDisposition =
      require("content-disposition") as typeof import("content-disposition");
    expect(versionOf("content-disposition")).toMatch(/^3\./);
    expect(contentDisposition.create("game.ics")).toBe("attachment; filename=game.ics");
  });
});
