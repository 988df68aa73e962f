import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { testUser } from "@/test-support/test-user.ts";
import { CalendarFeedCard } from "./calendar-feed-card.tsx";

const OLD = "https://bros.example.com/api/calendar/old-token.ics";
const NEW = "https://bros.example.com/api/calendar/new-token.ics";
const feed = (url: string) => ({ url, webcalUrl: url.replace("https:", "webcal:") });

afterEach(() => vi.unstubAllGlobals());

describe("Subscribe in your calendar", () => {
  it("shows the private address with a webcal link and copies it", async () => {
    // userEvent puts its own clipboard on the navigator: ours goes on after it.
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    renderWithApi(<CalendarFeedCard />, {
      user: testUser(),
      routes: { "/api/calendar-feed": Response.json(feed(OLD)) },
    });
    expect(screen.getByRole("heading", { name: "Subscribe in your calendar" })).toBeInTheDocument();
    expect(await screen.findByLabelText("Calendar address")).toHaveValue(OLD);
    expect(screen.getByRole("link", { name: "Open in calendar app" })).toHaveAttribute(
      "href",
      "webcal://bros.example.com/api/calendar/old-token.ics",
    );
    await user.click(screen.getByRole("button", { name: "Copy" }));
    expect(writeText).toHaveBeenCalledWith(OLD);
    expect(await screen.findByText("Calendar address copied")).toBeInTheDocument();
  });

  it("Reset link shows the new address and says the old one stopped working", async () => {
    const { fetchMock } = renderWithApi(<CalendarFeedCard />, {
      user: testUser(),
      routes: {
        "/api/calendar-feed": Response.json(feed(OLD)),
        "POST /api/calendar-feed/reset": () => Response.json(feed(NEW)),
      },
    });
    const address = await screen.findByLabelText("Calendar address");
    await userEvent.setup().click(screen.getByRole("button", { name: "Reset link" }));
    await waitFor(() => expect(address).toHaveValue(NEW));
    expect(screen.getByRole("link", { name: "Open in calendar app" })).toHaveAttribute(
      "href",
      "webcal://bros.example.com/api/calendar/new-token.ics",
    );
    expect(await screen.findByText(/The old one no longer works/)).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.filter(
        ([url, init]) => url === "/api/calendar-feed/reset" && init?.method === "POST",
      ),
    ).toHaveLength(1);
  });

  it("says so when the address cannot be loaded", async () => {
    renderWithApi(<CalendarFeedCard />, {
      user: testUser(),
      routes: { "/api/calendar-feed": () => Response.json({ message: "Down" }, { status: 500 }) },
    });
    expect(
      await screen.findByText("Your calendar address could not be loaded.", {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
