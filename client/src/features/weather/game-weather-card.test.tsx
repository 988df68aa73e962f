import type { GameWeather } from "@common/weather.ts";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { testGame } from "@/test-support/test-games.ts";
import { testUser } from "@/test-support/test-user.ts";
import { GameWeatherCard } from "./game-weather-card.tsx";

afterEach(() => vi.unstubAllGlobals());

// A game at an LA court on 28 November 2026, 3:00 to 5:00 PM PT; sunset is at 4:44 PM.
const game = testGame({
  scheduledAt: "2026-11-28T23:00:00.000Z",
  endsAt: "2026-11-29T01:00:00.000Z",
});

const weather = (overrides: Partial<GameWeather> = {}): GameWeather => ({
  gameId: 7,
  forecast: {
    hour: "2026-11-28T23:00:00.000Z",
    rainPercent: 60,
    temperatureC: 12.2,
    windKmh: 19.3,
    fetchedAt: "2026-11-27T07:00:00.000Z",
  },
  daylight: { sunset: "2026-11-29T00:44:00.528Z", endsAfterDark: true },
  units: "imperial",
  calledOff: false,
  ...overrides,
});

function renderCard(answer: GameWeather, user = testUser()) {
  return renderWithApi(<GameWeatherCard gameId={7} />, {
    user,
    routes: { "/api/games/7": Response.json(game), "/api/games/7/weather": Response.json(answer) },
  });
}

describe("the weather at tip-off", () => {
  it("shows the forecast in the player's units, the credit, the light and the dark warning", async () => {
    renderCard(weather());
    expect(await screen.findByText("Rain 60% · 54°F · wind 12 mph")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Weather data by Open-Meteo.com" })).toHaveAttribute(
      "href",
      "https://open-meteo.com/",
    );
    expect(screen.getByText("Light until 4:44 PM PT")).toBeInTheDocument();
    expect(screen.getByRole("note")).toHaveTextContent(
      "Part of this game is after dark, and the court has no lights.",
    );
  });

  it("reads °C and km/h for a metric player, with no warning when the game ends in daylight", async () => {
    renderCard(
      weather({
        units: "metric",
        daylight: { sunset: "2026-11-29T00:44:00.528Z", endsAfterDark: false },
      }),
    );
    expect(await screen.findByText("Rain 60% · 12°C · wind 19 km/h")).toBeInTheDocument();
    expect(screen.queryByRole("note")).not.toBeInTheDocument();
  });

  it("shows the forecast alone at a lit court, and the light alone when no forecast came", async () => {
    const { unmount } = renderCard(weather({ daylight: null }));
    expect(await screen.findByText("Rain 60% · 54°F · wind 12 mph")).toBeInTheDocument();
    expect(screen.queryByText(/Light until/)).not.toBeInTheDocument();
    unmount();
    renderCard(weather({ forecast: null }));
    expect(await screen.findByText("Light until 4:44 PM PT")).toBeInTheDocument();
    expect(screen.queryByText(/Rain/)).not.toBeInTheDocument();
    expect(screen.queryByText("Weather data by Open-Meteo.com")).not.toBeInTheDocument();
  });

  it("shows nothing without forecast or daylight (indoors, too far ahead, upstream down)", async () => {
    const { fetchMock } = renderCard(weather({ forecast: null, daylight: null }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain("/api/games/7/weather"),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("heading", { name: "Weather at tip-off" })).not.toBeInTheDocument();
  });

  it("lets the organizer call the date off for the weather in one tap", async () => {
    let called = 0;
    renderWithApi(<GameWeatherCard gameId={7} />, {
      user: testUser({ id: "organizer-1" }),
      routes: {
        "/api/games/7": () => Response.json(called ? { ...game, status: "cancelled" } : game),
        "/api/games/7/weather": () => Response.json(weather({ calledOff: called > 0 })),
        "POST /api/games/7/weather-call-off": () => {
          called += 1;
          return Response.json({ ...game, status: "cancelled" });
        },
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Call Off for Weather" }));
    expect(await screen.findByText("Called off for the weather.")).toBeInTheDocument();
    expect(called).toBe(1);
    expect(screen.queryByRole("button", { name: "Call Off for Weather" })).not.toBeInTheDocument();
  });

  it("offers the call-off to the organizer only", async () => {
    renderCard(weather(), testUser({ id: "someone-else" }));
    expect(await screen.findByText("Rain 60% · 54°F · wind 12 mph")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Call Off for Weather" })).not.toBeInTheDocument();
  });

  it("says why when the call-off is refused", async () => {
    renderWithApi(<GameWeatherCard gameId={7} />, {
      user: testUser({ id: "organizer-1" }),
      routes: {
        "/api/games/7": Response.json(game),
        "/api/games/7/weather": Response.json(weather()),
        "POST /api/games/7/weather-call-off": Response.json(
          { message: "This game has already started." },
          { status: 409 },
        ),
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Call Off for Weather" }));
    expect(await screen.findByText("This game has already started.")).toBeInTheDocument();
  });
});
