import { describe, expect, it } from "vitest";
import { parseId } from "./id-params.ts";
import { documentTitle, matchPage, PAGES } from "./pages.ts";

describe("matchPage", () => {
  it("finds each page by its own path, with parameters", () => {
    for (const [name, page] of Object.entries(PAGES)) {
      const param = /:(\w+)/.exec(page.path)?.[1];
      expect(matchPage(page.path.replace(/:\w+/, "42"))).toEqual({
        name,
        params: param ? { [param]: "42" } : {},
      });
    }
  });

  it("matches as the client's router does: any letter case, one trailing slash", () => {
    expect(matchPage("/Leaderboard/")?.name).toBe("leaderboard");
    expect(matchPage("/games/create")?.name).toBe("createGame");
    expect(matchPage("/courts/7/")).toEqual({ name: "court", params: { id: "7" } });
  });

  it("finds no page for other paths", () => {
    for (const path of ["/nope", "/game", "/game/1/2", "/courts//", "/leaderboard//", "/api/x"]) {
      expect(matchPage(path), path).toBeNull();
    }
  });
});

describe("documentTitle", () => {
  it("names the page, then the product", () => {
    expect(documentTitle("Courts")).toBe("Courts · Ball with the Bros");
    expect(documentTitle(null)).toBe("Ball with the Bros");
  });
});

describe("parseId", () => {
  it("takes only what the API takes as an id", () => {
    expect(parseId("12")).toBe(12);
    for (const text of ["0", "-1", "1e3", " 7", "1.5", "99999999999", "", undefined]) {
      expect(parseId(text), String(text)).toBeNull();
    }
  });
});
