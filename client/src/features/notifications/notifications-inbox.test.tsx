import type { Notification } from "@common/notifications.ts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { testUser } from "@/test-support/test-user.ts";
import { NotificationsInbox } from "./notifications-inbox.tsx";
import { page, testNotification } from "./test-notifications.ts";

afterEach(() => vi.unstubAllGlobals());

/** The inbox on a fake server; `older` is the next page, behind the last of `items`. */
function renderInbox(items: Notification[], older?: Notification[]) {
  let rows = items;
  const unread = () => rows.filter((n) => n.readAt === null).length;
  const read = (ids: number[]) => {
    rows = rows.map((n) => (ids.includes(n.id) ? { ...n, readAt: new Date().toISOString() } : n));
  };
  const before = items.at(-1)?.id ?? 0;
  return renderWithApi(<NotificationsInbox />, {
    user: testUser(),
    path: "/notifications",
    routes: {
      "/api/notifications": () => Response.json(page(rows, older ? before : null)),
      ...(older ? { [`/api/notifications?before=${before}`]: Response.json(page(older)) } : {}),
      "/api/notifications/unread-count": () => Response.json({ count: unread() }),
      "POST /api/notifications/read-all": () => {
        const marked = unread();
        read(rows.map((n) => n.id));
        return Response.json({ marked });
      },
      ...Object.fromEntries(
        items.map((n) => [
          `POST /api/notifications/${n.id}/read`,
          () => {
            read([n.id]);
            return Response.json({ marked: 1 });
          },
        ]),
      ),
    },
  });
}

const entries = () =>
  within(screen.getByRole("list", { name: "Notifications" })).getAllByRole("link");

describe("NotificationsInbox", () => {
  it("lists notifications newest first, each linking to what it is about", async () => {
    renderInbox([
      testNotification({ id: 3, title: "Game on: Sunset Run", link: "/game/9" }),
      testNotification({
        id: 2,
        title: "Badge earned: Iron Bro",
        link: "/profile",
        readAt: new Date().toISOString(),
      }),
    ]);
    await screen.findByRole("list", { name: "Notifications" });
    expect(entries().map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      [expect.stringContaining("Unread: Game on: Sunset Run"), "/game/9"],
      [expect.not.stringContaining("Unread"), "/profile"],
    ]);
    expect(entries()[0]).toHaveTextContent("5 min ago");
  });

  it("opening an unread one marks it read and goes to its game", async () => {
    const { fetchMock, location } = renderInbox([testNotification({ id: 5, link: "/game/7" })]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("link", { name: /Rookie joined/ }));
    expect(location.history?.at(-1)).toBe("/game/7");
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        "/api/notifications/5/read",
        expect.objectContaining({ method: "POST" }),
      ),
    );
  });

  it("marks all read, then the button rests", async () => {
    const { fetchMock } = renderInbox([testNotification({ id: 2 }), testNotification({ id: 1 })]);
    const user = userEvent.setup();
    const button = await screen.findByRole("button", { name: "Mark all as read" });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/notifications/read-all",
      expect.objectContaining({ method: "POST" }),
    );
    await waitFor(() => expect(button).toBeDisabled());
    expect(entries().map((a) => a.textContent)).not.toContainEqual(
      expect.stringContaining("Unread"),
    );
  });

  it("says so when there is nothing yet", async () => {
    renderInbox([]);
    expect(
      await screen.findByRole("heading", { name: "No notifications yet" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Mark all as read" })).not.toBeInTheDocument();
  });

  it("pages on to older notifications", async () => {
    renderInbox(
      [testNotification({ id: 30, title: "Newest" })],
      [testNotification({ id: 12, title: "Older one" })],
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Show older notifications" }));
    await screen.findByRole("link", { name: /Older one/ });
    expect(entries()).toHaveLength(2);
    expect(
      screen.queryByRole("button", { name: "Show older notifications" }),
    ).not.toBeInTheDocument();
  });

  it("offers to try again when the list could not load", async () => {
    renderWithApi(<NotificationsInbox />, { user: testUser(), routes: {} });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Your notifications could not be loaded.",
    );
  });
});
