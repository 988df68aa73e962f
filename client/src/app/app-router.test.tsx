import { matchPage, PAGE_NOT_FOUND } from "@common/pages.ts";
import type { CurrentUser } from "@common/user.ts";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "@/test-support/render-with-providers.tsx";
import { stubLocation } from "@/test-support/stub-location.ts";
import { testUser } from "@/test-support/test-user.ts";
import { AppRouter } from "./app-router.tsx";
import { APP_ROUTES } from "./routes.ts";

afterEach(() => vi.unstubAllGlobals());

const renderAt = (path: string, user: CurrentUser | null | "pending") =>
  renderWithProviders(<AppRouter />, { path, user });

/** A concrete URL for each route pattern. */
const urlOf = (path: string) => path.replace(":id", "7");

describe("AppRouter", () => {
  it("shows only the Loading screen while the auth check runs", () => {
    renderAt("/", "pending");
    expect(screen.getByRole("status")).toHaveTextContent("Loading...");
    expect(screen.queryByRole("heading")).not.toBeInTheDocument();
  });

  it("shows 'Page Not Found' with a way home for an unknown path", async () => {
    renderAt("/no/such/page", null);
    expect(
      await screen.findByRole("heading", { level: 1, name: "Page Not Found" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
  });

  it("sends a signed-out visitor of a signed-in page to the login page", async () => {
    const location = stubLocation("http://localhost:3000/dashboard");
    renderAt("/dashboard", null);
    await vi.waitFor(() => expect(location.href).toBe("/api/login?returnTo=%2Fdashboard"));
    expect(screen.getByRole("status")).toHaveTextContent("Loading...");
    expect(screen.queryByRole("navigation")).not.toBeInTheDocument();
  });

  it("shows a signed-in page inside the navigation shell", async () => {
    renderAt("/dashboard", testUser({ firstName: "Jordan" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeInTheDocument();
    expect(screen.getByText("Welcome back, Jordan!")).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Main" })).toHaveTextContent("Find Courts");
  });

  it("shows / as the landing page to visitors and as the dashboard to signed-in players", async () => {
    const visitor = renderAt("/", null);
    expect((await screen.findAllByRole("link", { name: "Join Waitlist" })).length).toBeGreaterThan(
      0,
    );
    expect(screen.getByRole("button", { name: "Sign In" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { level: 1, name: "Dashboard" })).toBeNull();
    visitor.unmount();

    renderAt("/", testUser());
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Join Waitlist" })).toBeNull();
    expect(screen.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  });

  it("shows /courts with the top bar when signed out and in the shell when signed in", async () => {
    const signedOut = renderAt("/courts", null);
    expect(await screen.findByRole("heading", { level: 1, name: "Courts" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sign In" })).toBeInTheDocument();
    signedOut.unmount();

    renderAt("/courts", testUser());
    expect(await screen.findByRole("heading", { level: 1, name: "Courts" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Find Courts" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  it.each(APP_ROUTES.map(({ path }) => path))(
    "renders %s for a signed-in user with one main landmark and one h1",
    async (path) => {
      renderAt(urlOf(path), testUser());
      expect(await screen.findByRole("heading", { level: 1 })).toBeInTheDocument();
      expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
      expect(screen.getAllByRole("main")).toHaveLength(1);
    },
  );

  // The server answers 404 exactly where matchPage finds no page; the router must agree.
  it.each([
    "/leaderboard/",
    "/LEADERBOARD",
    "/game/12",
    "/games/create/",
    "/games/create/extra",
    "/game",
    "/leaderboards",
    "/settings/x",
  ])(
    "shows 'Page Not Found' at %s exactly when the server's page list has no page",
    async (path) => {
      renderAt(path, testUser());
      const heading = await screen.findByRole("heading", { level: 1 });
      expect(heading.textContent === PAGE_NOT_FOUND, path).toBe(matchPage(path) === null);
    },
  );
});
