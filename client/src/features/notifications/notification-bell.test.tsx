import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { testUser } from "@/test-support/test-user.ts";
import { NotificationBell } from "./notification-bell.tsx";

afterEach(() => vi.unstubAllGlobals());

const bellWith = (count: number) =>
  renderWithApi(<NotificationBell />, {
    user: testUser(),
    routes: { "/api/notifications/unread-count": Response.json({ count }) },
  });

describe("NotificationBell", () => {
  it("opens the inbox and says how many are unread", async () => {
    bellWith(3);
    const bell = await screen.findByRole("link", { name: "Notifications, 3 unread" });
    expect(bell).toHaveAttribute("href", "/notifications");
    expect(bell).toHaveTextContent("3");
  });

  it("shows no figure when all is read", async () => {
    const { fetchMock } = bellWith(0);
    await vi.waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith("/api/notifications/unread-count", expect.anything()),
    );
    const bell = await screen.findByRole("link", { name: "Notifications" });
    expect(bell).toHaveTextContent("");
  });

  it("can carry its name beside the bell, for a page's header", async () => {
    renderWithApi(<NotificationBell variant="labelled" />, {
      user: testUser(),
      routes: { "/api/notifications/unread-count": Response.json({ count: 2 }) },
    });
    const bell = await screen.findByRole("link", { name: "Notifications, 2 unread" });
    expect(bell).toHaveTextContent("Notifications2");
  });

  it("caps the figure at 99+", async () => {
    bellWith(100);
    expect(
      await screen.findByRole("link", { name: "Notifications, 99+ unread" }),
    ).toHaveTextContent("99+");
  });
});
