import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dismissToast } from "@/components/ui/use-toast.ts";
import { renderDirectory } from "@/test-support/render-directory.tsx";
import { stubLocation } from "@/test-support/stub-location.ts";
import { SAMPLE_COURTS } from "@/test-support/test-courts.ts";
import { testUser } from "@/test-support/test-user.ts";

vi.mock("./map/courts-map.tsx", () => import("./map/fake-courts-map.tsx"));
afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

const card = (name: string) => screen.findByRole("article", { name });
const FUTURE = "2030-06-01T18:30:00.000Z";

describe("court actions for a signed-out visitor", () => {
  it.each([
    ["Favorite Court", "You need to sign up to favorite courts"],
    ["Join Game", "You need to sign up to join games"],
  ])("%s on a card opens '%s' and Continue Browsing closes it", async (button, title) => {
    const user = userEvent.setup();
    const { calls } = renderDirectory({ courts: SAMPLE_COURTS });
    await user.click(within(await card("Pan Pacific Park")).getByRole("button", { name: button }));

    const dialog = await screen.findByRole("dialog", { name: title });
    expect(within(dialog).getByRole("button", { name: "Sign Up Now" })).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Continue Browsing" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(calls("PUT", /favorite/)).toHaveLength(0);
    expect(calls("GET", "/api/courts/favorites")).toHaveLength(0);
  });

  it("Check In in the panel asks to sign up, and Sign Up Now goes to the login page", async () => {
    const user = userEvent.setup();
    renderDirectory({ courts: SAMPLE_COURTS });
    await card("Venice Beach Courts");
    await user.click(screen.getByRole("button", { name: "Marker Venice Beach Courts" }));
    const panel = screen.getByRole("region", { name: "Venice Beach Courts" });
    await user.click(within(panel).getByRole("button", { name: "Check In" }));

    const dialog = await screen.findByRole("dialog", { name: "You need to sign up to check in" });
    const location = stubLocation("http://localhost:3000/courts");
    await user.click(within(dialog).getByRole("button", { name: "Sign Up Now" }));
    expect(location.href).toBe("/api/login?returnTo=%2Fcourts");
  });
});

describe("court actions for a signed-in player", () => {
  it("shows favorites as pressed and toggles one with PUT and DELETE", async () => {
    const user = userEvent.setup();
    const { calls } = renderDirectory({ user: testUser(), courts: SAMPLE_COURTS, favorites: [3] });
    const pan = within(await card("Pan Pacific Park")).getByRole("button", {
      name: "Favorite Court",
    });
    await waitFor(() => expect(pan).toHaveAttribute("aria-pressed", "true"));
    const venice = within(await card("Venice Beach Courts")).getByRole("button", {
      name: "Favorite Court",
    });
    expect(venice).toHaveAttribute("aria-pressed", "false");

    await user.click(venice);
    expect(venice).toHaveAttribute("aria-pressed", "true");
    await user.click(pan);
    expect(pan).toHaveAttribute("aria-pressed", "false");
    await waitFor(() => expect(calls("DELETE", "/api/courts/3/favorite")).toHaveLength(1));
    expect(calls("PUT", "/api/courts/1/favorite")).toHaveLength(1);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("undoes a favorite the server refused and says so in a destructive toast", async () => {
    const user = userEvent.setup();
    let answer = () => {};
    const holdFavorites = new Promise<void>((resolve) => (answer = resolve));
    renderDirectory({
      user: testUser(),
      courts: SAMPLE_COURTS,
      favoriteStatus: 500,
      holdFavorites,
    });
    const button = within(await card("Hollywood YMCA")).getByRole("button", {
      name: "Favorite Court",
    });
    await user.click(button);
    // Pressed at once, before the server answers…
    await waitFor(() => expect(button).toHaveAttribute("aria-pressed", "true"));
    // …and released again once it refuses.
    act(() => answer());
    const region = screen.getByRole("region", { name: /notifications/i });
    await waitFor(() =>
      expect(region).toHaveTextContent("Failed to update your favorite courts. Please try again."),
    );
    expect(button).toHaveAttribute("aria-pressed", "false");
  });

  it("Join Game lists the court's upcoming games, each linking to its page", async () => {
    const user = userEvent.setup();
    renderDirectory({
      user: testUser(),
      courts: SAMPLE_COURTS,
      games: {
        1: [
          {
            id: 41,
            title: "Evening Run",
            scheduledAt: FUTURE,
            currentPlayers: 7,
            maxPlayers: 10,
            status: "open",
            gameType: "pickup",
          },
          {
            id: 42,
            title: null,
            scheduledAt: FUTURE,
            currentPlayers: 2,
            maxPlayers: 10,
            status: "open",
            gameType: "pickup",
          },
        ],
      },
    });
    await user.click(
      within(await card("Venice Beach Courts")).getByRole("button", { name: "Join Game" }),
    );
    const dialog = await screen.findByRole("dialog", {
      name: "Join a game at Venice Beach Courts",
    });
    const evening = await within(dialog).findByRole("link", { name: /Evening Run/ });
    expect(evening).toHaveAttribute("href", "/game/41");
    expect(evening).toHaveTextContent("7/10 players");
    expect(within(dialog).getByRole("link", { name: /Basketball Game/ })).toHaveAttribute(
      "href",
      "/game/42",
    );
  });

  it("Join Game says when a court has no upcoming games", async () => {
    const user = userEvent.setup();
    renderDirectory({ user: testUser(), courts: SAMPLE_COURTS });
    await user.click(
      within(await card("Hollywood YMCA")).getByRole("button", { name: "Join Game" }),
    );
    expect(await screen.findByText("No upcoming games at this court yet")).toBeInTheDocument();
  });

  it("Check In opens the Check into Court dialog for the court and checks in", async () => {
    const user = userEvent.setup();
    const { calls } = renderDirectory({ user: testUser(), courts: SAMPLE_COURTS });
    await card("Venice Beach Courts");
    await user.click(screen.getByRole("button", { name: "Marker Venice Beach Courts" }));
    const panel = screen.getByRole("region", { name: "Venice Beach Courts" });
    await user.click(within(panel).getByRole("button", { name: "Check In" }));

    const dialog = await screen.findByRole("dialog", { name: "Check into Court" });
    expect(dialog).toHaveTextContent("Venice Beach Courts");
    await user.click(within(dialog).getByRole("button", { name: "Check In" }));
    expect(await screen.findByText("Checked In! 🏀")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const [post] = calls("POST", "/api/checkin");
    const venice = SAMPLE_COURTS.find((c) => c.name === "Venice Beach Courts");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ courtId: venice?.id });
  });
});
