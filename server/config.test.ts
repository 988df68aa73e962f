import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("gives the contract's defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: "./data",
      databaseUrl: undefined,
      publicUrl: "http://localhost:3000",
      secureCookies: false,
      oidc: undefined,
      logLevel: "info",
    });
  });

  it("derives PUBLIC_URL from PORT and marks cookies secure for https", () => {
    expect(loadConfig({ PORT: "4100" }).publicUrl).toBe("http://localhost:4100");
    expect(loadConfig({ PORT: "4100", HOST: "0.0.0.0" }).publicUrl).toBe("http://localhost:4100");
    expect(loadConfig({ PUBLIC_URL: "https://bros.app/" })).toMatchObject({
      publicUrl: "https://bros.app",
      secureCookies: true,
    });
  });

  it("links to the loopback address the server listens on, as the browser reaches it", () => {
    expect(loadConfig({ HOST: "127.0.0.1", PORT: "41001" }).publicUrl).toBe(
      "http://127.0.0.1:41001",
    );
    expect(loadConfig({ HOST: "::1", PORT: "41001" }).publicUrl).toBe("http://[::1]:41001");
    expect(loadConfig({ HOST: "localhost", PORT: "41001" }).publicUrl).toBe(
      "http://localhost:41001",
    );
    expect(
      loadConfig({ HOST: "127.0.0.1", PORT: "41001", PUBLIC_URL: "https://bros.app" }).publicUrl,
    ).toBe("https://bros.app");
  });

  it.each([
    [{ PORT: "eighty" }, /^Invalid configuration: PORT .*\(got "eighty"\)$/],
    [{ PORT: "70000" }, /PORT/],
    [{ LOG_LEVEL: "verbose" }, /LOG_LEVEL/],
    [{ DATABASE_URL: "mysql://x" }, /DATABASE_URL must be a postgres/],
    [{ PUBLIC_URL: "not a url" }, /PUBLIC_URL/],
    [{ NODE_ENV: "production" }, /SESSION_SECRET is required when NODE_ENV=production/],
    [
      { NODE_ENV: "production", SESSION_SECRET: "s".repeat(32) },
      /^Invalid configuration: PUBLIC_URL is required when NODE_ENV=production/,
    ],
    [{ SESSION_SECRET: "short" }, /SESSION_SECRET must be at least 32 characters$/],
    [{ OIDC_ISSUER_URL: "https://id.example.com" }, /must be set together/],
    [
      { OIDC_ISSUER_URL: "http://id.example.com", OIDC_CLIENT_ID: "a", OIDC_CLIENT_SECRET: "b" },
      /must use https/,
    ],
    [{ TRUST_PROXY: "my-load-balancer" }, /TRUST_PROXY must be a comma-separated list/],
    [{ TRUST_PROXY: "10.0.0.0/33" }, /TRUST_PROXY/],
    [{ TRUST_PROXY: "10.0.0.1," }, /TRUST_PROXY/],
    [{ SMTP_URL: "mail.example.com:587", MAIL_FROM: "a@b.co" }, /SMTP_URL must be an smtp:\/\//],
    [{ SMTP_URL: "smtp://mail.example.com:587" }, /MAIL_FROM is required with SMTP_URL/],
    [{ SMTP_URL: "smtp://mail.example.com", MAIL_FROM: "Bros" }, /MAIL_FROM must be an address/],
    [{ VAPID_PUBLIC_KEY: "B".repeat(87) }, /must be set together/],
    [{ VAPID_PUBLIC_KEY: "short", VAPID_PRIVATE_KEY: "k".repeat(43) }, /VAPID_PUBLIC_KEY/],
    [{ VAPID_SUBJECT: "bros@example.com" }, /VAPID_SUBJECT must be a mailto: address or an https/],
    [{ TILE_URL: "https://tile.example.com/map.png" }, /TILE_URL must be an http\(s\) tile URL/],
    [{ TILE_URL: "ftp://tiles.example.com/{z}/{x}/{y}.png" }, /TILE_URL/],
    [{ TILE_URL: "tiles/{z}/{x}/{y}.png" }, /TILE_URL/],
    [{ TILE_URL: "https://user:pw@tiles.example.com/{z}/{x}/{y}.png" }, /TILE_URL/],
    [{ WEATHER_URL: "api.open-meteo.com/v1/forecast" }, /WEATHER_URL must be an http\(s\) URL/],
    [{ WEATHER_URL: "no" }, /WEATHER_URL/],
    [{ METRICS_PORT: "0" }, /METRICS_PORT/],
    [{ METRICS_PORT: "9100x" }, /METRICS_PORT/],
    [{ METRICS_TOKEN: "short" }, /METRICS_TOKEN must be at least 24 characters/],
  ])("refuses %o with a one-line reason", (env, reason) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(reason);
    expect((error as Error).message).not.toContain("\n");
  });

  it("reads TRUST_PROXY as a list of addresses, ranges and names; none by default", () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, ::1,loopback" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "::1",
      "loopback",
    ]);
  });

  it("reads TILE_URL and the origin the CSP lets tiles come from", () => {
    expect(loadConfig({})).toMatchObject({
      tileUrl: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
      tileOrigin: "https://tile.openstreetmap.org",
    });
    expect(
      loadConfig({ TILE_URL: "https://{s}.tiles.example.com/v1/{z}/{x}/{-y}@2x.png" }),
    ).toMatchObject({
      tileUrl: "https://{s}.tiles.example.com/v1/{z}/{x}/{-y}@2x.png",
      tileOrigin: "https://*.tiles.example.com",
    });
    expect(loadConfig({ TILE_URL: "http://127.0.0.1:8080/{z}/{x}/{y}.png" }).tileOrigin).toBe(
      "http://127.0.0.1:8080",
    );
  });

  it("reads WEATHER_URL: Open-Meteo by default, another address, or off", () => {
    expect(loadConfig({}).weatherUrl).toBe("https://api.open-meteo.com/v1/forecast");
    expect(loadConfig({ WEATHER_URL: "http://127.0.0.1:9999/v1/forecast" }).weatherUrl).toBe(
      "http://127.0.0.1:9999/v1/forecast",
    );
    expect(loadConfig({ WEATHER_URL: "off" }).weatherUrl).toBeNull();
  });

  it("reads METRICS_PORT and METRICS_TOKEN; neither by default", () => {
    expect(loadConfig({})).toMatchObject({ metricsPort: undefined, metricsToken: undefined });
    expect(loadConfig({ METRICS_PORT: "9100", METRICS_TOKEN: "t".repeat(32) })).toMatchObject({
      metricsPort: 9100,
      metricsToken: "t".repeat(32),
    });
  });

  it("never repeats a secret's value in its reason", () => {
    expect(() => loadConfig({ SESSION_SECRET: "hunter2" })).toThrow(/^(?!.*hunter2)/);
    expect(() => loadConfig({ METRICS_TOKEN: "hunter2 x" })).toThrow(/^(?!.*hunter2)/);
    expect(() => loadConfig({ SMTP_URL: "ftp://user:hunter2@mail", MAIL_FROM: "a@b.co" })).toThrow(
      /^(?!.*hunter2)/,
    );
    expect(() =>
      loadConfig({ VAPID_PUBLIC_KEY: "B".repeat(87), VAPID_PRIVATE_KEY: "hunter2" }),
    ).toThrow(/^(?!.*hunter2)/);
  });

  it("reads e-mail and web push settings; without them, no e-mail and stored VAPID keys", () => {
    expect(loadConfig({})).toMatchObject({
      mail: undefined,
      vapid: undefined,
      vapidSubject: undefined,
    });
    const config = loadConfig({
      SMTP_URL: "smtps://games:pw@mail.example.com:465",
      MAIL_FROM: "Ball with the Bros <games@example.com>",
      VAPID_PUBLIC_KEY: "B".repeat(87),
      VAPID_PRIVATE_KEY: "k".repeat(43),
      VAPID_SUBJECT: "mailto:ops@example.com",
    });
    expect(config).toMatchObject({
      mail: {
        smtpUrl: "smtps://games:pw@mail.example.com:465",
        from: "Ball with the Bros <games@example.com>",
      },
      vapid: { publicKey: "B".repeat(87), privateKey: "k".repeat(43) },
      vapidSubject: "mailto:ops@example.com",
    });
  });

  it("accepts a plain-http issuer on a loopback address", () => {
    const config = loadConfig({
      OIDC_ISSUER_URL: "http://127.0.0.1:9999",
      OIDC_CLIENT_ID: "a",
      OIDC_CLIENT_SECRET: "b",
    });
    expect(config.oidc?.issuerUrl).toBe("http://127.0.0.1:9999");
  });
});
