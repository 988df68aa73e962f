import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeReturnTo, withReturnTo } from "./return-to.ts";

describe("safeReturnTo", () => {
  it("accepts this site's pages, with their query and hash", () => {
    for (const path of ["/", "/game/12", "/profile", "/games?day=today&courtId=3", "/courts#map"]) {
      expect(safeReturnTo(path)).toBe(path);
    }
  });

  it("refuses anything that could leave the site, or is no page", () => {
    for (const bad of [
      "//evil.example.com",
      "/\\evil.example.com",
      "/\\/evil.example.com",
      "\\\\evil.example.com",
      "https://evil.example.com/",
      "http:/evil.example.com",
      "javascript:alert(1)",
      "evil.example.com",
      "game/12",
      "/game/12\n",
      "/\tgame",
      "/game/\u0000",
      "/ /evil",
      "/api/logout",
      "/api/login?returnTo=/x",
      "",
      `/${"a".repeat(600)}`,
      42,
      undefined,
    ]) {
      expect(safeReturnTo(bad), String(bad)).toBeUndefined();
    }
    // Encoded slashes stay inside the path: the browser asks this site for them.
    expect(safeReturnTo("/%2F%2Fevil")).toBe("/%2F%2Fevil");
  });

  it("whatever it accepts resolves to this site", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        for (const candidate of [text, `/${text}`]) {
          const safe = safeReturnTo(candidate);
          if (safe === undefined) continue;
          const resolved = new URL(safe, "https://bros.example.com");
          expect(resolved.origin).toBe("https://bros.example.com");
          expect(safe.startsWith("/")).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe("withReturnTo", () => {
  it("adds a safe path, and nothing for / or an unsafe one", () => {
    expect(withReturnTo("/api/login", "/game/12")).toBe("/api/login?returnTo=%2Fgame%2F12");
    expect(withReturnTo("/onboarding", "/")).toBe("/onboarding");
    expect(withReturnTo("/onboarding", "//evil")).toBe("/onboarding");
    expect(withReturnTo("/a?b=1", "/profile")).toBe("/a?b=1&returnTo=%2Fprofile");
  });
});
