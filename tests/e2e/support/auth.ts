/** Signing up and in through the real built-in sign-in page (GET /api/login). */
import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { expect } from "vitest";

export interface TestUser {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** A user nobody has signed up with yet. */
export function uniqueUser(): TestUser {
  const id = `${Date.now().toString(36)}${randomBytes(4).toString("hex")}`;
  return {
    firstName: "Jordan",
    lastName: `Tester ${id.slice(-4)}`,
    email: `e2e-${id}@example.com`,
    password: `Hoops-${randomBytes(6).toString("hex")}-Court!`,
  };
}

const pathIs = (expected: string) => (url: URL) => url.pathname === expected;

/**
 * Waits for the landing page to settle: its first reads (who is signed in, onboarding
 * progress) still in flight when a journey signs out would be answered 401 by the ended session
 * and, seen signed out, send the page to /api/login in the middle of the sign-out navigation.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
}

/** Opens /api/login, fills "Create account" and submits; waits to land on `landsOn`. */
export async function signUp(
  page: Page,
  user: TestUser = uniqueUser(),
  landsOn = "/onboarding",
): Promise<TestUser> {
  await page.goto("/api/login");
  const form = page.getByRole("form", { name: "Create account" });
  await form.getByLabel("First name", { exact: true }).fill(user.firstName);
  await form.getByLabel("Last name", { exact: true }).fill(user.lastName);
  await form.getByLabel("Email", { exact: true }).fill(user.email);
  await form.getByLabel("Password", { exact: true }).fill(user.password);
  await form.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(pathIs(landsOn));
  await settle(page);
  return user;
}

/**
 * Creates the account with the sign-up form's own POST, without drawing a page: for journeys
 * whose subject comes after signing up. The form itself is driven in auth, onboarding, settings,
 * way-back and journey. The context keeps the session cookie; the page stays where it was.
 */
export async function signUpByApi(page: Page, user: TestUser = uniqueUser()): Promise<TestUser> {
  const response = await page.request.post("/api/signup", {
    form: { ...user },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
  expect(response.headers().location).toBe("/onboarding");
  return user;
}

/** Opens /api/login, fills "Sign in" and submits; waits to land on `landsOn`. */
export async function signIn(
  page: Page,
  user: Pick<TestUser, "email" | "password">,
  landsOn: string | null = "/onboarding",
): Promise<void> {
  await page.goto("/api/login");
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email", { exact: true }).fill(user.email);
  await form.getByLabel("Password", { exact: true }).fill(user.password);
  if (landsOn === null) {
    // A refused sign-in: the page comes back (POST /api/login) instead of a redirect.
    await Promise.all([
      page.waitForResponse(
        (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/login",
      ),
      form.getByRole("button", { name: "Sign in" }).click(),
    ]);
    await page.waitForLoadState("load");
    return;
  }
  await form.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(pathIs(landsOn));
  await settle(page);
}
