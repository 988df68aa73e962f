import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "@/test-support/render-with-providers.tsx";
import { stubLocation } from "@/test-support/stub-location.ts";
import { testUser } from "@/test-support/test-user.ts";
import { NavigationShell } from "./navigation-shell.tsx";

afterEach(() => vi.unstubAllGlobals());

const sidebar = () => screen.getByRole("navigation", { name: "Main" });
const activeItems = () =>
  within(sidebar())
    .getAllByRole("link")
    .filter((link) => link.getAttribute("aria-current") === "page")
    .map((link) => link.textContent);

function renderShell(path: string, user = testUser()) {
  return renderWithProviders(
    <NavigationShell>
      <h1>Page</h1>
    </NavigationShell>,
    { path, user },
  );
}

describe("NavigationShell", () => {
  it("lists the spec's items in order, then Sign Out", async () => {
    renderShell("/dashboard");
    const links = within(sidebar())
      .getAllByRole("link")
      .map((l) => [l.textContent, l.getAttribute("href")]);
    expect(links).toEqual([
      ["Dashboard", "/dashboard"],
      ["Find Courts", "/courts"],
      ["Games", "/games"],
      ["Profile", "/profile"],
      ["Leaderboard", "/leaderboard"],
      ["Settings", "/settings"],
    ]);
    expect(within(sidebar()).getByRole("button", { name: "Sign Out" })).toBeInTheDocument();
  });

  it.each([
    ["/dashboard", "Dashboard"],
    ["/", "Dashboard"],
    ["/games", "Games"],
    ["/games/create", "Games"],
    ["/courts", "Find Courts"],
    ["/settings", "Settings"],
  ])("marks the item active by path prefix on %s", (path, active) => {
    renderShell(path);
    expect(activeItems()).toEqual([active]);
  });

  it("marks nothing active on a page outside the menu", () => {
    renderShell("/profile-setup");
    expect(activeItems()).toEqual([]);
  });

  it("shows the user's avatar, first name and e-mail", async () => {
    renderShell("/dashboard", testUser({ firstName: "Jordan", profileImageUrl: "/avatar.png" }));
    expect(await screen.findByText("Jordan")).toBeInTheDocument();
    expect(screen.getByText("jordan@example.com")).toBeInTheDocument();
    expect(document.querySelector('img[src="/avatar.png"]')).toBeInTheDocument();
  });

  it("falls back to 'Player' without a first name", async () => {
    renderShell("/dashboard", testUser({ firstName: null }));
    expect(await screen.findByText("Player")).toBeInTheDocument();
  });

  it("opens the phone menu, and closes it when an item is chosen", async () => {
    const user = userEvent.setup();
    const { location } = renderShell("/dashboard");
    const toggle = screen.getByRole("button", { name: "Menu" });
    await user.click(toggle);
    const menu = screen.getByRole("navigation", { name: "Main menu" });
    await user.click(within(menu).getByRole("link", { name: "Leaderboard" }));

    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("navigation", { name: "Main menu" })).not.toBeInTheDocument();
    expect(location.history).toContain("/leaderboard");
  });

  it("signs out through the logout page", async () => {
    const user = userEvent.setup();
    const browser = stubLocation();
    renderShell("/dashboard");
    await user.click(within(sidebar()).getByRole("button", { name: "Sign Out" }));
    expect(browser.href).toBe("/api/logout");
  });
});
