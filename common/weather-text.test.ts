import { describe, expect, it } from "vitest";
import {
  formatClockTime,
  formatForecast,
  unitsForCountry,
  unitsForCourtZone,
} from "./weather-text.ts";

const forecast = {
  hour: "2026-11-28T23:00:00.000Z",
  rainPercent: 60,
  temperatureC: 12.2,
  windKmh: 19.3,
  fetchedAt: "2026-11-28T07:17:00.000Z",
};

describe("weather copy", () => {
  it("reads a forecast in °F and mph or in °C and km/h, rounded", () => {
    expect(formatForecast(forecast, "imperial")).toBe("Rain 60% · 54°F · wind 12 mph");
    expect(formatForecast(forecast, "metric")).toBe("Rain 60% · 12°C · wind 19 km/h");
    expect(formatForecast({ ...forecast, temperatureC: -0.4, windKmh: 0 }, "metric")).toBe(
      "Rain 60% · 0°C · wind 0 km/h",
    );
    expect(formatForecast({ ...forecast, temperatureC: -17.8 }, "imperial")).toBe(
      "Rain 60% · 0°F · wind 12 mph",
    );
  });

  it("gives a player of the US (as typed or picked) °F and mph, others °C and km/h", () => {
    for (const country of ["US", "us", "USA", "United States", " US "]) {
      expect(unitsForCountry(country)).toBe("imperial");
    }
    for (const country of ["CA", "Canada", "GB", "Mexico", ""]) {
      expect(unitsForCountry(country)).toBe("metric");
    }
  });

  it("gives a visitor the units of the court's country, told by its zone", () => {
    for (const zone of [
      "America/Los_Angeles",
      "America/Indiana/Indianapolis",
      "Pacific/Honolulu",
    ]) {
      expect(unitsForCourtZone(zone)).toBe("imperial");
    }
    for (const zone of ["America/Toronto", "America/Mexico_City", "Europe/Paris", null]) {
      expect(unitsForCourtZone(zone)).toBe("metric");
    }
  });

  it("reads a time of day on the court's clock with its zone", () => {
    expect(formatClockTime("2026-11-29T00:44:00.528Z", "America/Los_Angeles")).toBe("4:44 PM PT");
    expect(formatClockTime("2026-06-22T03:07:41.557Z", "America/Los_Angeles")).toBe("8:07 PM PT");
    expect(formatClockTime("2026-11-28T16:10:00Z", "Europe/Paris")).toBe("5:10 PM GMT+1");
  });
});
