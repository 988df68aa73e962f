import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderLanding } from "@/test-support/render-landing.tsx";
import { renderWithProviders } from "@/test-support/render-with-providers.tsx";
import { stubLocation } from "@/test-support/stub-location.ts";
import { testUser } from "@/test-support/test-user.ts";
import LandingPage from "./landing.tsx";

afterEach(() => vi.unstubAllGlobals());

async function renderPage() {
  const view = renderLanding(<LandingPage />, {
    body: { activeUsers: 15, totalCourts: 21, gamesPlayed: 9 },
  });
  // The map is its own chunk: wait until its markers are there.
  await screen.findByRole("button", { name: "Los Angeles, CA" });
  return view;
}

describe("LandingPage", () => {
  it("has every section of product §2, in order", async () => {
    await renderPage();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(
      "Find Your Court, Find Your Crew",
    );
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "Available Cities",
      "Features",
      "What the Bros Are Saying",
      "Join the Conversation",
      "Ready to Find Your Crew?",
      "About",
      "Contact",
    ]);
    for (const id of ["features", "about", "contact"]) {
      expect(document.getElementById(id)).toBeInstanceOf(HTMLElement);
    }
    expect(document.querySelectorAll(".leaflet-marker-icon")).toHaveLength(16);
  });

  it("shows the feature cards, three testimonials and the claims", async () => {
    await renderPage();
    const features = screen.getByRole("region", { name: "Features" });
    for (const title of ["Find Courts", "Connect & Match", "Earn Badges", "Track Progress"]) {
      expect(within(features).getByRole("heading", { name: title })).toBeInTheDocument();
    }
    const testimonials = screen.getByRole("region", { name: "What the Bros Are Saying" });
    expect(within(testimonials).getAllByRole("blockquote")).toHaveLength(3);
    const about = screen.getByRole("region", { name: "About" });
    // Courts mapped: the real count of courts, not a claim.
    const mapped = within(about).getByText("Courts mapped", { selector: "dt" });
    await waitFor(() => expect(mapped.nextSibling).toHaveTextContent(/^21$/));
    expect(within(about).queryByText("10K+")).not.toBeInTheDocument();
    expect(within(about).getByText("50K+")).toBeInTheDocument();
  });

  it("opens the Discord invite in a new tab, without giving it this page", async () => {
    await renderPage();
    const invite = screen.getByRole("link", { name: /Join Discord Server/ });
    expect(invite).toHaveAttribute("href", expect.stringMatching(/^https:\/\/discord\.gg\//));
    expect(invite).toHaveAttribute("target", "_blank");
    expect(invite).toHaveAttribute("rel", "noopener noreferrer");
  });

  it.each(["Start Your Journey", "Join the Community"])(
    "'%s' navigates the browser to the login page",
    async (name) => {
      const user = userEvent.setup();
      const browser = stubLocation();
      await renderPage();
      await user.click(screen.getByRole("button", { name }));
      expect(browser.href).toBe("/api/login");
    },
  );

  it("lists placeholder contact details and the footer's tagline and credit", async () => {
    await renderPage();
    const contact = screen.getByRole("region", { name: "Contact" });
    expect(within(contact).getByRole("link", { name: /@/ })).toHaveAttribute(
      "href",
      expect.stringMatching(/^mailto:/),
    );
    expect(within(contact).getByRole("link", { name: /555/ })).toHaveAttribute(
      "href",
      expect.stringMatching(/^tel:/),
    );
    expect(contact.querySelector("address")).toHaveTextContent(/Los Angeles, CA \d{5}/);
    expect(
      screen.getByText("Find courts, connect with players and elevate your basketball experience."),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Example Studio/ })).toHaveAttribute(
      "rel",
      "noopener noreferrer",
    );
  });

  it("offers a signed-in user their dashboard instead of signing in again", async () => {
    renderWithProviders(<LandingPage />, { user: testUser() });
    expect(await screen.findByRole("link", { name: "Go to Your Dashboard" })).toHaveAttribute(
      "href",
      "/dashboard",
    );
    expect(screen.queryByRole("button", { name: "Start Your Journey" })).not.toBeInTheDocument();
    await screen.findByRole("button", { name: "Los Angeles, CA" });
  });
});
