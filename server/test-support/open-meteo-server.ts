import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** How the fake forecast server answers. */
export type OpenMeteoMode = "forecast" | "slow" | "garbage" | "nonsense" | "error" | "nulls";

export interface FakeOpenMeteo {
  /** The forecast endpoint's URL, as WEATHER_URL takes it. */
  url: string;
  /** The query of every request it received. */
  requests: URLSearchParams[];
  mode: OpenMeteoMode;
  /** The figures it answers for every hour: set per test. */
  figures: { rain: number; temperature: number; wind: number };
  close(): Promise<void>;
}

const HOUR = 3_600_000;
const pad = (n: number) => String(n).padStart(2, "0");
/** An hour as Open-Meteo writes it with timezone=GMT: '2026-11-27T14:00'. */
const openMeteoTime = (date: Date) =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T${pad(date.getUTCHours())}:00`;

/**
 * A local server answering as Open-Meteo's forecast API does (https://open-meteo.com/en/docs):
 * `hourly.time` with one series per asked variable, from midnight GMT today for `forecast_days`
 * days; or slowly, with broken JSON, with JSON that is no forecast, with an error, or with
 * null figures, as `mode` says.
 */
export async function startFakeOpenMeteo(): Promise<FakeOpenMeteo> {
  const fake: FakeOpenMeteo = {
    url: "",
    requests: [],
    mode: "forecast",
    figures: { rain: 60, temperature: 12.2, wind: 19.3 },
    close: async () => {},
  };
  const server: Server = createServer((request, response) => {
    const query = new URL(request.url ?? "/", "http://localhost").searchParams;
    fake.requests.push(query);
    if (fake.mode === "slow") {
      const timer = setTimeout(() => response.end("{}"), 10_000);
      response.on("close", () => clearTimeout(timer));
      return;
    }
    if (fake.mode === "error") {
      response.writeHead(503, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: true, reason: "Service unavailable" }));
      return;
    }
    if (fake.mode === "nonsense") {
      // Well-formed JSON, not a forecast: a temperature no place has, series of unequal length.
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          hourly: { time: ["2026-11-27T14:00"], temperature_2m: [900], wind_speed_10m: [] },
        }),
      );
      return;
    }
    if (fake.mode === "garbage") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end('{"hourly": {"time": ["yesterday"], "temperature_2m": "warm"');
      return;
    }
    const days = Number(query.get("forecast_days") ?? 7);
    const today = new Date();
    const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
    const time = Array.from({ length: days * 24 }, (_, i) =>
      openMeteoTime(new Date(start + i * HOUR)),
    );
    const series = (value: number) => time.map(() => (fake.mode === "nulls" ? null : value));
    const variables = (query.get("hourly") ?? "").split(",");
    const values: Record<string, (number | null)[]> = {
      precipitation_probability: series(fake.figures.rain),
      temperature_2m: series(fake.figures.temperature),
      wind_speed_10m: series(fake.figures.wind),
    };
    response.writeHead(200, { "content-type": "application/json" });
    response.end(
      JSON.stringify({
        latitude: Number(query.get("latitude")),
        longitude: Number(query.get("longitude")),
        generationtime_ms: 0.1,
        utc_offset_seconds: 0,
        timezone: "GMT",
        timezone_abbreviation: "GMT",
        elevation: 90,
        hourly_units: {
          time: "iso8601",
          precipitation_probability: "%",
          temperature_2m: "°C",
          wind_speed_10m: "km/h",
        },
        hourly: {
          time,
          ...Object.fromEntries(variables.map((name) => [name, values[name] ?? series(0)])),
        },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}/v1/forecast`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

/** The URL of a forecast server that is down: a port nothing listens on any more. */
export async function downForecastUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/v1/forecast`;
}
