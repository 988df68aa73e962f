import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "@/test-support/render-with-providers.tsx";
import { stubLocation } from "@/test-support/stub-location.ts";
import { testUser } from "@/test-support/test-user.ts";
import { TopNav } from "./top-nav.tsx";

afterEach(() => vi.unstubAllGlobals());

const phoneMenu = () => screen.queryByRole("navigation", { name: "Main menu" });

describe("TopNav", () => {
  it("lists the menu items with their targets", async () => {
    renderWithProviders(<TopNav />, { path: "/contact" });
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "About" })).toHaveAttribute("href", "/#about");
    expect(within(nav).getByRole("link", { name: "Features" })).toHaveAttribute(
      "href",
      "/#features",
    );
    expect(within(nav).getByRole("link", { name: "Courts" })).toHaveAttribute("href", "/courts");
    expect(within(nav).getByRole("link", { name: "Contact" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(screen.getByRole("link", { name: /ball with the bros/i })).toHaveAttribute("href", "/");
  });

  it("opens and closes the phone menu with its toggle", async () => {
    const user = userEvent.setup();
    renderWithProviders(<TopNav />);
    const toggle = screen.getByRole("button", { name: "Menu" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveAttribute("aria-controls", "top-nav-phone-menu");
    expect(phoneMenu()).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(phoneMenu()).toHaveAttribute("id", "top-nav-phone-menu");

    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(phoneMenu()).not.toBeInTheDocument();
  });

  it("closes the phone menu when an item is chosen, and goes there", async () => {
    const user = userEvent.setup();
    const { location } = renderWithProviders(<TopNav />);
    await user.click(screen.getByRole("button", { name: "Menu" }));
    await user.click(within(phoneMenu() as HTMLElement).getByRole("link", { name: "Courts" }));

    expect(phoneMenu()).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");
    expect(location.history).toContain("/courts");
  });

  it("takes an anchor item to the landing page from another page", async () => {
    const user = userEvent.setup();
    const { location } = renderWithProviders(<TopNav />, { path: "/contact" });
    await user.click(
      within(screen.getByRole("navigation", { name: "Main" })).getByRole("link", { name: "About" }),
    );
    expect(location.history).toContain("/#about");
  });

  it("offers Sign In and Get Started to visitors, both going to the login page", async () => {
    const user = userEvent.setup();
    const browser = stubLocation();
    renderWithProviders(<TopNav />, { user: null });

    await user.click(await screen.findByRole("button", { name: "Sign In" }));
    expect(browser.href).toBe("/api/login");
    browser.href = "http://localhost:3000/";
    await user.click(screen.getByRole("button", { name: "Get Started" }));
    expect(browser.href).toBe("/api/login");
    expect(screen.queryByRole("button", { name: "Sign Out" })).not.toBeInTheDocument();
  });

  it("offers Sign Out to a signed-in user, going to the logout page", async () => {
    const user = userEvent.setup();
    const browser = stubLocation();
    renderWithProviders(<TopNav />, { user: testUser() });

    await user.click(await screen.findByRole("button", { name: "Sign Out" }));
    expect(browser.href).toBe("/api/logout");
    expect(screen.queryByRole("button", { name: "Sign In" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Get Started" })).not.toBeInTheDocument();
  });
});
