import { describe, expect, it } from "vitest";
import { isPublicApiRead, isTileRequest, pushAction, storable } from "./sw-rules.ts";

const at = (path: string) => new URL(path, "https://bros.example.com");

describe("what the service worker keeps", () => {
  it("keeps the screens' public reads, never writes, the live stream or private paths", () => {
    const get = { method: "GET" };
    expect(isPublicApiRead(at("/api/courts?limit=20"), get)).toBe(true);
    expect(isPublicApiRead(at("/api/courts/12/presence"), get)).toBe(true);
    expect(isPublicApiRead(at("/api/leaderboard/global"), get)).toBe(true);
    expect(isPublicApiRead(at("/api/metrics"), get)).toBe(true);
    expect(isPublicApiRead(at("/api/courts/12/rating"), { method: "POST" })).toBe(false);
    expect(isPublicApiRead(at("/api/events"), get)).toBe(false);
    expect(isPublicApiRead(at("/api/auth/user"), get)).toBe(false);
    expect(isPublicApiRead(at("/api/notifications"), get)).toBe(false);
    expect(isPublicApiRead(at("/api/courtsx"), get)).toBe(false);
  });

  it("keeps only successful answers the server did not mark no-store", () => {
    expect(storable(new Response("[]", { headers: { "cache-control": "no-cache" } }))).toBe(true);
    expect(storable(new Response("[]"))).toBe(true);
    expect(
      storable(new Response("{}", { headers: { "cache-control": "private, no-store" } })),
    ).toBe(false);
    expect(storable(new Response("{}", { status: 404 }))).toBe(false);
    expect(storable(new Response("{}", { status: 503 }))).toBe(false);
  });

  it("recognises map tiles by their z/x/y image path", () => {
    const image = { method: "GET", destination: "image" as RequestDestination };
    expect(isTileRequest(at("https://tile.openstreetmap.org/13/1402/3271.png"), image)).toBe(true);
    expect(isTileRequest(at("https://tiles.example.com/v1/13/1402/3271@2x.webp"), image)).toBe(
      true,
    );
    expect(
      isTileRequest(at("https://tile.openstreetmap.org/13/1402/3271.png"), {
        method: "GET",
        destination: "",
      }),
    ).toBe(false);
    expect(isTileRequest(at("https://cdn.example.com/avatar.png"), image)).toBe(false);
  });
});

describe("a push's one-tap action", () => {
  it("posts only to this site's own API", () => {
    const post = "/api/reminders/cant-make-it/7.24.1.u.sig";
    expect(pushAction({ title: "Can't make it", post })).toEqual({ title: "Can't make it", post });
    expect(pushAction({ title: "Can't make it", post: "https://evil.example/api/x" })).toBeNull();
    expect(pushAction({ title: "Can't make it", post: "//evil.example/api/x" })).toBeNull();
    expect(pushAction({ title: "Can't make it", post: "/api/../logout" })).toBeNull();
    expect(pushAction({ title: "", post })).toBeNull();
    expect(pushAction(undefined)).toBeNull();
  });
});
