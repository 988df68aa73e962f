/** Shortcuts through the API for journeys whose subject is not the profile or location forms. */
import type { Page } from "playwright-core";
import { expect } from "vitest";

/** Saves Los Angeles (Venice) as the player's city and a profile; the page's cookies are used. */
export async function becomeLocatedPlayer(page: Page, nickname = "E2E Hooper"): Promise<void> {
  const location = await page.request.post("/api/user/location", {
    data: { city: "Los Angeles", state: "CA", country: "US", latitude: 33.985, longitude: -118.47 },
  });
  expect(location.status()).toBeLessThan(300);
  const profile = await page.request.post("/api/profile", {
    data: { nickname, primaryPosition: "Point Guard", skillShot: 4 },
  });
  expect(profile.status()).toBeLessThan(300);
}

/** The signed-in user's id. */
export async function currentUserId(page: Page): Promise<string> {
  const response = await page.request.get("/api/auth/user");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { id: string }).id;
}
