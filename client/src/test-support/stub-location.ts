import { vi } from "vitest";

/**
 * Replaces window.location with a plain object, so a test can see where a full-page navigation
 * (window.location.href = ...) was headed without jsdom trying, and failing, to navigate.
 * vi.unstubAllGlobals() puts the real one back.
 */
export function stubLocation(href = "http://localhost:3000/") {
  const url = new URL(href);
  const { origin, pathname, search, hash } = url;
  const location = { href, origin, pathname, search, hash };
  vi.stubGlobal("location", location);
  return location;
}
