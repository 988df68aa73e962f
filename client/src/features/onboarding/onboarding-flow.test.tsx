import type { OnboardingProgress } from "@common/onboarding.ts";
import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dismissToast } from "@/components/ui/use-toast.ts";
import {
  type FakeRoute,
  renderOnboarding,
  searchRoute,
} from "@/test-support/render-onboarding.tsx";
import { testUser } from "@/test-support/test-user.ts";
import { OnboardingFlow } from "./onboarding-flow.tsx";

afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

const notifications = () => screen.getByRole("region", { name: /notifications/i });
const stepHeading = () => screen.findByRole("heading", { level: 2 });

const progressOf = (location: boolean, profile: boolean): OnboardingProgress => ({
  steps: { location, profile, preferences: false },
  currentStep: [location, profile, false].indexOf(false),
  hasCompletedOnboarding: false,
});

function renderFlow(
  progress: OnboardingProgress = progressOf(false, false),
  routes: Record<string, FakeRoute> = {},
  path = "/onboarding",
) {
  const view = renderOnboarding(<OnboardingFlow />, {
    path,
    user: testUser({ hasCompletedOnboarding: false }),
    routes: {
      "GET /api/onboarding/progress": () => Response.json(progress),
      "GET /api/onboarding/locations": searchRoute(),
      "POST /api/user/location": ({ body }) => {
        progress = progressOf(true, progress.steps.profile);
        return Response.json(body);
      },
      "POST /api/user/complete-registration": () => {
        view.state.user = { ...view.state.user, hasCompletedOnboarding: true };
        return Response.json({ hasCompletedOnboarding: true });
      },
      ...routes,
    },
  });
  return view;
}

describe("OnboardingFlow", () => {
  it("starts a new player at Set Your Location with 0 of 3 complete", async () => {
    renderFlow();
    expect(await stepHeading()).toHaveTextContent("Set Your Location");
    const bar = screen.getByRole("progressbar", { name: "Onboarding progress" });
    expect(bar).toHaveAttribute("aria-valuenow", "0");
    expect(bar).toHaveAttribute("aria-valuetext", "0 of 3 complete");
    expect(screen.getByText("0 of 3 complete")).toBeVisible();
    expect(screen.getByText("Step 1 of 3")).toBeVisible();
    expect(screen.getByRole("listitem", { current: "step" })).toHaveTextContent(
      "Set Your Location",
    );
  });

  it.each([
    [progressOf(true, false), "Create Profile", "1 of 3 complete"],
    [progressOf(false, true), "Set Your Location", "1 of 3 complete"],
    [progressOf(true, true), "Set Preferences", "2 of 3 complete"],
  ])("starts at the first step not done", async (progress, title, complete) => {
    renderFlow(progress);
    expect(await stepHeading()).toHaveTextContent(title);
    expect(screen.getByText(complete)).toBeVisible();
  });

  it("goes location → profile → preferences, counting the saved location", async () => {
    const view = renderFlow();
    await stepHeading();
    await view.user.type(screen.getByLabelText("Search for your city"), "Aus");
    await view.user.click(await screen.findByRole("button", { name: /Austin, TX/ }));
    await view.user.click(screen.getByRole("button", { name: "Continue" }));

    await waitFor(async () => expect(await stepHeading()).toHaveTextContent("Create Profile"));
    await waitFor(() => expect(screen.getByText("1 of 3 complete")).toBeVisible());
    expect(screen.getByRole("link", { name: "Create Profile" })).toHaveAttribute(
      "href",
      "/profile-setup",
    );

    await view.user.click(screen.getByRole("button", { name: "Skip for now" }));
    expect(await stepHeading()).toHaveTextContent("Set Preferences");
    expect(screen.getByText("Coming soon")).toBeVisible();
  });

  it("Create Profile goes to /profile-setup", async () => {
    const view = renderFlow(progressOf(true, false));
    await stepHeading();
    await view.user.click(screen.getByRole("link", { name: "Create Profile" }));
    expect(view.location.history.at(-1)).toBe("/profile-setup");
  });

  it("Complete Setup completes registration, welcomes the player and goes to /", async () => {
    const view = renderFlow(progressOf(true, true));
    await stepHeading();
    await view.user.click(screen.getByRole("button", { name: "Complete Setup" }));

    await waitFor(() => expect(view.location.history.at(-1)).toBe("/"));
    expect(view.callsTo("POST", "/api/user/complete-registration")).toHaveLength(1);
    expect(notifications()).toHaveTextContent("Welcome to Ball with the Bros!");
    expect(notifications()).toHaveTextContent("Your account setup is complete.");
    // The current user was read again after completing.
    expect(view.callsTo("GET", "/api/auth/user").length).toBeGreaterThanOrEqual(2);
  });

  it("a player who signed in to reach a page lands there after onboarding", async () => {
    const view = renderFlow(progressOf(true, true), {}, "/onboarding?returnTo=%2Fgame%2F12");
    await stepHeading();
    await view.user.click(screen.getByRole("button", { name: "Complete Setup" }));
    await waitFor(() => expect(view.location.history.at(-1)).toBe("/game/12"));
  });

  it("carries that page through profile setup", async () => {
    renderFlow(progressOf(true, false), {}, "/onboarding?returnTo=%2Fgame%2F12");
    await stepHeading();
    expect(screen.getByRole("link", { name: "Create Profile" })).toHaveAttribute(
      "href",
      "/profile-setup?returnTo=%2Fgame%2F12",
    );
  });

  it.each(["%2F%2Fevil.example.com", "https%3A%2F%2Fevil.example.com", "%2F%5Cevil"])(
    "never follows a returnTo to another site (%s): lands on /",
    async (returnTo) => {
      const view = renderFlow(progressOf(true, true), {}, `/onboarding?returnTo=${returnTo}`);
      await stepHeading();
      await view.user.click(screen.getByRole("button", { name: "Complete Setup" }));
      await waitFor(() => expect(view.location.history.at(-1)).toBe("/"));
    },
  );

  it("'Skip setup and start exploring' completes registration from any step", async () => {
    const view = renderFlow();
    await stepHeading();
    await view.user.click(screen.getByRole("button", { name: "Skip setup and start exploring" }));
    await waitFor(() => expect(view.location.history.at(-1)).toBe("/"));
    expect(view.callsTo("POST", "/api/user/complete-registration")).toHaveLength(1);
  });

  it("stays and says so when completing fails", async () => {
    const view = renderFlow(progressOf(true, true), {
      "POST /api/user/complete-registration": () => new Response("nope", { status: 500 }),
    });
    await stepHeading();
    await view.user.click(screen.getByRole("button", { name: "Complete Setup" }));
    await waitFor(() =>
      expect(notifications()).toHaveTextContent(
        "Failed to complete registration. Please try again.",
      ),
    );
    expect(notifications()).toHaveTextContent("Error");
    expect(view.location.history.at(-1)).toBe("/onboarding");
    expect(screen.getByRole("button", { name: "Complete Setup" })).toBeEnabled();
  });

  it("sends a player who already completed onboarding to /", async () => {
    const view = renderOnboarding(<OnboardingFlow />, {
      user: testUser({ hasCompletedOnboarding: true }),
      routes: { "GET /api/onboarding/progress": () => Response.json(progressOf(true, true)) },
    });
    await waitFor(() => expect(view.location.history.at(-1)).toBe("/"));
    expect(screen.queryByRole("heading", { level: 2 })).not.toBeInTheDocument();
  });
});
