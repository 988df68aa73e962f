import type { Cookie } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signIn, signUp, uniqueUser } from "./support/auth.ts";
import { expectAccessible } from "./support/axe.ts";
import {
  apiStatus,
  baseUrl,
  control,
  REFUSED_SIGN_IN,
  SIGNED_OUT_USER_CHECK,
  setUpBrowser,
  type TestPage,
} from "./support/browser.ts";

const browser = setUpBrowser();

/** GET /api/auth/user from outside the browser, sending exactly these cookies. */
async function userStatusWithCookies(cookies: Cookie[]): Promise<number> {
  const header = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const response = await fetch(`${baseUrl()}/api/auth/user`, { headers: { cookie: header } });
  await response.arrayBuffer();
  return response.status;
}

describe("the sign-in page", () => {
  it("is accessible and has both forms", async () => {
    const { page } = await browser.newPage();
    const response = await page.goto("/api/login");
    expect(response?.status()).toBe(200);
    const signInForm = page.getByRole("form", { name: "Sign in", exact: true });
    const createForm = page.getByRole("form", { name: "Create account", exact: true });
    for (const label of ["Email", "Password"]) {
      await signInForm.getByLabel(label, { exact: true }).waitFor();
    }
    for (const label of ["First name", "Last name", "Email", "Password"]) {
      await createForm.getByLabel(label, { exact: true }).waitFor();
    }
    await signInForm.getByRole("button", { name: "Sign in", exact: true }).waitFor();
    await createForm.getByRole("button", { name: "Create account", exact: true }).waitFor();
    await expectAccessible(page, "the sign-in page");
  });
});

describe("signing up, out and in again", () => {
  const user = uniqueUser();
  let session: TestPage | undefined;
  let userId: string | undefined;
  const current = () => {
    if (!session) throw new Error("the sign-up step did not run");
    return session;
  };

  it("signs up through /api/login and lands on /onboarding as the new user", async () => {
    session = await browser.newPage();
    const { page } = session;
    await signUp(page, user);
    expect(new URL(page.url()).pathname).toBe("/onboarding");

    const response = await page.request.get("/api/auth/user");
    expect(response.status()).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
    });
    expect(typeof body.id).toBe("string");
    expect(JSON.stringify(body)).not.toMatch(/password/i);
    userId = body.id as string;
  });

  it("signs out from the navigation: lands on /, and the old session cookie no longer works", async () => {
    const { page, context } = current();
    const oldCookies = await context.cookies();
    expect(oldCookies.length).toBeGreaterThan(0);
    // Replaying the cookies from outside the browser works while the session lives…
    expect(await userStatusWithCookies(oldCookies)).toBe(200);

    // The signed-in navigation shell (on /onboarding) offers "Sign Out" (GET /api/logout).
    await control(page, "Sign Out").click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByText("Find Your Court, Find Your Crew", { exact: true }).first().waitFor();
    await control(page, "Sign In").waitFor();
    expect(await apiStatus(page, "/api/auth/user")).toBe(401);

    // …and not after sign-out: the session is ended on the server, not just forgotten.
    expect(await userStatusWithCookies(oldCookies)).toBe(401);
  });

  it("GET /api/logout signs out too and lands on /", async () => {
    const { page } = await browser.newPage();
    await signUp(page);
    expect(await apiStatus(page, "/api/auth/user")).toBe(200);
    await page.goto("/api/logout");
    await page.waitForURL((url) => url.pathname === "/");
    expect(await apiStatus(page, "/api/auth/user")).toBe(401);
  });

  it("signs in again and lands on /onboarding (onboarding is not complete)", async () => {
    const { page } = current();
    const authChecks: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/auth/user") authChecks.push(page.url());
    });
    await signIn(page, user, "/onboarding");
    // The page arrived saying who is signed in: the app shows them without asking first.
    await control(page, "Sign Out").waitFor();
    expect(authChecks).toEqual([]);
    const response = await page.request.get("/api/auth/user");
    expect(response.status()).toBe(200);
    expect(((await response.json()) as { id: string }).id).toBe(userId);
  });

  it("refuses a wrong password or an unknown e-mail and stays signed out", async () => {
    const { page } = await browser.newPage({
      allowConsoleErrors: [SIGNED_OUT_USER_CHECK, REFUSED_SIGN_IN],
    });
    const attempts = [
      { email: user.email, password: `${user.password}-wrong` },
      { email: `nobody-${user.email}`, password: user.password },
    ];
    for (const attempt of attempts) {
      await signIn(page, attempt, null);
      expect(new URL(page.url()).pathname).toBe("/api/login");
      await page.getByText("Invalid email or password.", { exact: true }).waitFor();
      expect(await apiStatus(page, "/api/auth/user")).toBe(401);
    }
    await expectAccessible(page, "the sign-in page showing an error");
  });
});
