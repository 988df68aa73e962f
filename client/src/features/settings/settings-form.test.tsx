import { DEFAULT_SETTINGS, type Settings } from "@common/settings.ts";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { AppProviders } from "@/app/providers.tsx";
import { createQueryClient } from "@/app/query-client.ts";
import { dismissToast } from "@/components/ui/use-toast.ts";
import { stubFetch } from "@/test-support/stub-fetch.ts";
import { stubLocation } from "@/test-support/stub-location.ts";
import { testUser } from "@/test-support/test-user.ts";
import { AccountSettings } from "./account-settings.tsx";
import { SettingsForm } from "./settings-form.tsx";
import { SignOutButton, SupportSettings } from "./support-settings.tsx";

afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

const SAVED: Settings = {
  notifications: {
    gameInvites: false,
    newMessages: true,
    courtUpdates: true,
    weeklyStats: true,
    email: true,
  },
  privacy: { showLocation: false, showStats: true, allowFriendRequests: true },
};

type Answer = (body: unknown) => Response | Promise<Response>;

/** The settings screen with a fake GET and PATCH /api/user/settings. */
function renderSettings(saved: Settings | (() => Response), patch?: Answer) {
  const fetchMock = stubFetch(async (url, init) => {
    const method = init?.method ?? "GET";
    if (url === "/api/auth/user") return Response.json(testUser({ email: "jordan@example.com" }));
    if (url === "/api/user/settings" && method === "GET") {
      return typeof saved === "function" ? saved() : Response.json(saved);
    }
    if (url === "/api/user/settings" && method === "PATCH" && patch) {
      return patch(JSON.parse(String(init?.body)));
    }
    return Response.json({ message: "Not found." }, { status: 404 });
  });
  const { hook } = memoryLocation({ path: "/settings" });
  render(
    <Router hook={hook}>
      <AppProviders queryClient={createQueryClient()}>
        <AccountSettings location={<p>location goes here</p>} />
        <SettingsForm />
        <SupportSettings />
        <SignOutButton />
      </AppProviders>
    </Router>,
  );
  const patches = () =>
    fetchMock.mock.calls
      .filter(([, init]) => init?.method === "PATCH")
      .map(([, init]) => JSON.parse(String(init?.body)));
  return { user: userEvent.setup(), patches };
}

const toggle = (name: string) => screen.findByRole("switch", { name });
const notifications = () => screen.getByRole("region", { name: /notifications/i });

describe("Settings", () => {
  it("starts every switch from the saved settings", async () => {
    renderSettings(SAVED);
    const expected = {
      "Game Invites": false,
      "New Messages": true,
      "Court Updates": true,
      "Weekly Stats": true,
      "Show Location": false,
      "Show Stats": true,
      "Friend Requests": true,
    };
    for (const [name, on] of Object.entries(expected)) {
      expect(await toggle(name)).toHaveAttribute("aria-checked", String(on));
    }
  });

  it("shows the spec's defaults for a new player", async () => {
    renderSettings(DEFAULT_SETTINGS);
    expect(await toggle("Court Updates")).toHaveAttribute("aria-checked", "false");
    expect(await toggle("Game Invites")).toHaveAttribute("aria-checked", "true");
    expect(await toggle("Show Location")).toHaveAttribute("aria-checked", "true");
  });

  it("saves the switches with PATCH, 'Saving...' while pending, then confirms", async () => {
    let answer: (r: Response) => void = () => {};
    const { user, patches } = renderSettings(
      SAVED,
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    await user.click(await toggle("Game Invites"));
    await user.click(await toggle("Show Stats"));
    expect(await toggle("Game Invites")).toHaveAttribute("aria-checked", "true");
    expect(patches()).toHaveLength(0); // nothing is sent before Save Settings

    await user.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(screen.getByRole("button", { name: "Saving..." })).toBeDisabled();
    const sent = {
      notifications: { ...SAVED.notifications, gameInvites: true },
      privacy: { ...SAVED.privacy, showStats: false },
    };
    expect(patches()).toEqual([sent]);

    await act(async () => answer(Response.json(sent)));
    await waitFor(() => expect(notifications()).toHaveTextContent("Settings updated"));
    expect(notifications()).toHaveTextContent("Your preferences have been saved.");
    expect(screen.getByRole("button", { name: "Save Settings" })).toBeEnabled();
    expect(await toggle("Show Stats")).toHaveAttribute("aria-checked", "false");
  });

  it("keeps the changes and says so when saving fails", async () => {
    const { user } = renderSettings(SAVED, () => new Response("boom", { status: 500 }));
    await user.click(await toggle("Weekly Stats"));
    await user.click(screen.getByRole("button", { name: "Save Settings" }));
    await waitFor(() =>
      expect(notifications()).toHaveTextContent("Failed to update settings. Please try again."),
    );
    expect(notifications()).toHaveTextContent("Error");
    expect(await toggle("Weekly Stats")).toHaveAttribute("aria-checked", "false");
  });

  it("offers no switches to save over when the settings cannot be loaded", async () => {
    renderSettings(() => new Response("boom", { status: 500 }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Your settings could not be loaded.",
    );
    expect(screen.queryByRole("switch")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Save Settings" })).not.toBeInTheDocument();
  });

  it("switches with the keyboard", async () => {
    const { user } = renderSettings(SAVED);
    (await toggle("Court Updates")).focus();
    await user.keyboard(" ");
    expect(await toggle("Court Updates")).toHaveAttribute("aria-checked", "false");
  });

  it("shows the e-mail read-only, and the profile, support and sign-out actions", async () => {
    const { user } = renderSettings(SAVED);
    const email = await screen.findByLabelText("Email");
    await waitFor(() => expect(email).toHaveValue("jordan@example.com"));
    expect(email).toHaveAttribute("readonly");
    expect(email).toHaveAccessibleDescription("Confirmed. Change it under Sign-in and security");
    expect(screen.getByRole("link", { name: "Edit Full Profile" })).toHaveAttribute(
      "href",
      "/profile-setup",
    );
    expect(screen.getByRole("link", { name: "Contact Support" })).toHaveAttribute(
      "href",
      "/contact",
    );
    expect(screen.getByRole("link", { name: "FAQ & Help" })).toHaveAttribute("href", "/contact");
    expect(screen.getByRole("link", { name: "Report a Bug" })).toHaveAttribute(
      "href",
      expect.stringMatching(/^mailto:.+\?subject=Bug%20report$/),
    );

    const location = stubLocation("http://localhost:3000/settings");
    await user.click(screen.getByRole("button", { name: "Sign Out" }));
    expect(location.href).toBe("/api/logout");
  });
});
