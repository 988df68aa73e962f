import type { APIRequestContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import { WEATHER_CREDIT } from "../../common/weather-text.ts";
import { expectAccessible } from "./support/axe.ts";
import { screenshot, setUpBrowser } from "./support/browser.ts";
import { VIEWPORTS } from "./support/viewports.ts";

/**
 * Weather at tip-off (issue 32 point 8) from the server's own job queue and a local server that
 * answers in Open-Meteo's format (support/global-setup.ts: rain 60%, 12.2 °C, 19.3 km/h at every
 * hour). The job fetches the courts of the demo games when the server starts and every five
 * minutes after; the game page only ever reads what it kept.
 */

const browser = setUpBrowser();
// One turn of the five-minute weather job, and some slack on a loaded machine.
const JOB_TURN_MS = 7 * 60_000;

type Weather = { forecast: { rainPercent: number } | null };

/** An upcoming demo game whose forecast the job has kept. */
async function gameWithForecast(request: APIRequestContext): Promise<number> {
  let found: number | undefined;
  await expect
    .poll(
      async () => {
        const games = (await (await request.get("/api/games/upcoming")).json()) as { id: number }[];
        for (const { id } of games) {
          const weather = (await (await request.get(`/api/games/${id}/weather`)).json()) as Weather;
          if (weather.forecast) {
            found = id;
            return weather.forecast.rainPercent;
          }
        }
        return null;
      },
      { timeout: JOB_TURN_MS, interval: 5_000 },
    )
    .toBe(60);
  return found as number;
}

describe("weather at tip-off", () => {
  it(
    "shows the local forecast server's rain on an outdoor game, credited",
    async () => {
      const phone = VIEWPORTS.find((v) => v.name === "phone")?.options ?? {};
      const { page } = await browser.newPage(phone);
      const gameId = await gameWithForecast(page.request);

      await page.goto(`/game/${gameId}`);
      const card = page.getByRole("heading", { name: "Weather at tip-off" }).locator("../..");
      await card.getByText("Rain 60% · 54°F · wind 12 mph", { exact: true }).waitFor();
      await card.getByRole("link", { name: WEATHER_CREDIT }).waitFor();
      await page.waitForLoadState("networkidle");
      await expectAccessible(page, "game page with its weather");
      console.log(`[e2e] screenshot: ${await screenshot(page, "game-weather-phone")}`);
    },
    JOB_TURN_MS + 60_000,
  );
});
