import { isIP } from "node:net";
import { z } from "zod";

const PORT_MESSAGE = "must be a whole number from 0 to 65535";
const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** "Name <address>" or a bare address. */
const MAIL_FROM_PATTERN = /^(?:[^<>@]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/;

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** One TRUST_PROXY entry: an IPv4 or IPv6 address, a CIDR range, or a name proxy-addr knows. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** OpenStreetMap's own tile server, without subdomains, as its tile usage policy asks. */
export const DEFAULT_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
const TILE_URL_MESSAGE =
  "must be an http(s) tile URL with {z}, {x} and {y}, such as https://tile.openstreetmap.org/{z}/{x}/{y}.png";

/**
 * The origin images of the map come from, for the CSP's img-src: a `{s}` subdomain placeholder
 * becomes `*`. Null when the text is no usable tile URL.
 */
export function tileOrigin(tileUrl: string): string | null {
  if (!tileUrl.includes("{z}") || !tileUrl.includes("{x}") || !/\{-?y\}/.test(tileUrl)) return null;
  try {
    const url = new URL(tileUrl.replaceAll("{s}", "s-placeholder"));
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    if (url.username || url.password) return null;
    return url.origin.replace("s-placeholder", "*");
  } catch {
    return null;
  }
}

/** Open-Meteo's hourly forecast: free for non-commercial use, no key (decision 101). */
export const DEFAULT_WEATHER_URL = "https://api.open-meteo.com/v1/forecast";
const WEATHER_URL_MESSAGE = `must be an http(s) URL such as ${DEFAULT_WEATHER_URL}, or off`;

const envObject = z.object({
  NODE_ENV: z
    .enum(["development", "production", "test"], {
      error: "must be development, production or test",
    })
    .default("development"),
  PORT: z.coerce
    .number({ error: PORT_MESSAGE })
    .int(PORT_MESSAGE)
    .min(0, PORT_MESSAGE)
    .max(65535, PORT_MESSAGE)
    .default(3000),
  HOST: z.string().min(1, "must not be empty").default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SESSION_MAX_AGE_DAYS: z.coerce
    .number({ error: "must be a whole number of days from 1 to 365" })
    .int("must be a whole number of days from 1 to 365")
    .min(1, "must be a whole number of days from 1 to 365")
    .max(365, "must be a whole number of days from 1 to 365")
    .default(90),
  PUBLIC_URL: z.string().url("must be a URL such as https://bros.example.com").optional(),
  OIDC_ISSUER_URL: z.string().url("must be a URL").optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` })
    .default("info"),
  SMTP_URL: z
    .string()
    .regex(
      /^smtps?:\/\/[^/]/,
      "must be an smtp:// or smtps:// URL such as smtp://user:pass@mail.example.com:587",
    )
    .refine(
      (value) => URL.canParse(value),
      "must be an smtp:// or smtps:// URL such as smtp://user:pass@mail.example.com:587",
    )
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(MAIL_FROM_PATTERN, 'must be an address such as "Ball with the Bros <games@example.com>"')
    .optional(),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{86,88}$/, "must be a VAPID public key (base64url, 65 bytes)")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{42,44}$/, "must be a VAPID private key (base64url, 32 bytes)")
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "must be a mailto: address or an https:// URL")
    .optional(),
  TILE_URL: z
    .string()
    .refine((url) => tileOrigin(url) !== null, TILE_URL_MESSAGE)
    .default(DEFAULT_TILE_URL),
  WEATHER_URL: z
    .string()
    .refine(
      (url) => url === "off" || (/^https?:\/\//.test(url) && URL.canParse(url)),
      WEATHER_URL_MESSAGE,
    )
    .default(DEFAULT_WEATHER_URL),
  METRICS_PORT: z.coerce
    .number({ error: PORT_MESSAGE })
    .int(PORT_MESSAGE)
    .min(1, PORT_MESSAGE)
    .max(65535, PORT_MESSAGE)
    .optional(),
  METRICS_TOKEN: z
    .string()
    .regex(/^\S{24,}$/, "must be at least 24 characters without spaces")
    .optional(),
  TRUST_PROXY: z
    .string()
    .refine(
      (list) => list.split(",").every((entry) => isProxyEntry(entry.trim())),
      "must be a comma-separated list of proxy addresses or ranges, such as 10.0.0.0/8,loopback",
    )
    .optional(),
});

const envSchema = envObject.superRefine((env, ctx) => {
  if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
    ctx.addIssue({
      code: "custom",
      path: ["SESSION_SECRET"],
      message: "is required when NODE_ENV=production",
    });
  }
  if (env.NODE_ENV === "production" && !env.PUBLIC_URL) {
    ctx.addIssue({
      code: "custom",
      path: ["PUBLIC_URL"],
      message:
        "is required when NODE_ENV=production (the address players reach, such as https://bros.example.com)",
    });
  }
  const oidc = [env.OIDC_ISSUER_URL, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET];
  if (oidc.some(Boolean) && !oidc.every(Boolean)) {
    ctx.addIssue({
      code: "custom",
      path: ["OIDC_ISSUER_URL"],
      message: "OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together",
    });
  }
  if (env.SMTP_URL && !env.MAIL_FROM) {
    ctx.addIssue({
      code: "custom",
      path: ["MAIL_FROM"],
      message: "is required with SMTP_URL (the sender of the e-mails)",
    });
  }
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    ctx.addIssue({
      code: "custom",
      path: ["VAPID_PUBLIC_KEY"],
      message: "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together",
    });
  }
  if (env.OIDC_ISSUER_URL) {
    const url = new URL(env.OIDC_ISSUER_URL);
    if (url.protocol !== "https:" && !isLoopback(url.hostname)) {
      ctx.addIssue({
        code: "custom",
        path: ["OIDC_ISSUER_URL"],
        message: "must use https (plain http is accepted only on a loopback address)",
      });
    }
  }
});

export function isLoopback(hostname: string): boolean {
  return (
    hostname === "localhost" ||
    hostname === "[::1]" ||
    hostname === "::1" ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  );
}

/**
 * Outside production, the address the links in e-mails and logs use: the loopback address the
 * server listens on, as the player's browser reaches it (a link to another origin would lose
 * the session), else localhost.
 */
function defaultPublicUrl(host: string, port: number): string {
  if (!isLoopback(host)) return `http://localhost:${port}`;
  return `http://${isIP(host) === 6 ? `[${host}]` : host}:${port}`;
}

const DEV_SESSION_SECRET = "development-only-session-secret-do-not-use-in-production";

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  sessionSecret: string;
  /** A session's absolute lifetime: it ends this long after sign-in, however often it is used. */
  sessionMaxAgeMs: number;
  publicUrl: string;
  secureCookies: boolean;
  oidc: { issuerUrl: string; clientId: string; clientSecret: string } | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  /**
   * The reverse proxies in front of the app, whose X-Forwarded-For is believed: the client's
   * address (rate limits, logs) is then the one they forwarded. Empty: the socket's address.
   */
  trustProxy: string[];
  /** E-mail through SMTP; undefined: notifications stay in the app (and push). */
  mail: { smtpUrl: string; from: string } | undefined;
  /** Web push keys from the environment; undefined: made once and kept in the database. */
  vapid: { publicKey: string; privateKey: string } | undefined;
  /** Who push services may contact about our pushes (VAPID "sub"). */
  vapidSubject: string | undefined;
  /** Map tiles (Leaflet's URL template) and the origin the CSP lets images come from. */
  tileUrl: string;
  tileOrigin: string;
  /** Open-Meteo's forecast endpoint (or a compatible one); null: no weather is fetched. */
  weatherUrl: string | null;
  /** Prometheus metrics on a port of their own; undefined: not there. */
  metricsPort: number | undefined;
  /** Prometheus metrics at /metrics on the app's port for this bearer token; undefined: not there. */
  metricsToken: string | undefined;
}

export class ConfigError extends Error {}

/** Parses the environment; an unknown or invalid value is a one-line reason to refuse start-up. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const relevant = Object.fromEntries(
    Object.entries(source).filter(([key, value]) => key in envObject.shape && value !== ""),
  );
  const parsed = envSchema.safeParse(relevant);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.path.join(".") || "environment";
    const value = typeof issue?.path[0] === "string" ? relevant[issue.path[0]] : undefined;
    // Secrets (and the password inside SMTP_URL) never appear in the reason.
    const shown =
      value === undefined || /SECRET|PRIVATE|SMTP_URL|TOKEN/.test(name) ? "" : ` (got "${value}")`;
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue?.message ?? "is invalid"}${shown}`,
    );
  }
  const env = parsed.data;
  const publicUrl = (env.PUBLIC_URL ?? defaultPublicUrl(env.HOST, env.PORT)).replace(/\/+$/, "");
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    sessionSecret: env.SESSION_SECRET ?? DEV_SESSION_SECRET,
    sessionMaxAgeMs: env.SESSION_MAX_AGE_DAYS * 24 * 60 * 60 * 1000,
    publicUrl,
    secureCookies: publicUrl.startsWith("https:"),
    oidc:
      env.OIDC_ISSUER_URL && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
        ? {
            issuerUrl: env.OIDC_ISSUER_URL,
            clientId: env.OIDC_CLIENT_ID,
            clientSecret: env.OIDC_CLIENT_SECRET,
          }
        : undefined,
    logLevel: env.LOG_LEVEL,
    mail:
      env.SMTP_URL && env.MAIL_FROM ? { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM } : undefined,
    vapid:
      env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
        ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: env.VAPID_SUBJECT,
    trustProxy: (env.TRUST_PROXY ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean),
    tileUrl: env.TILE_URL,
    tileOrigin: tileOrigin(env.TILE_URL) ?? "https://tile.openstreetmap.org",
    weatherUrl: env.WEATHER_URL === "off" ? null : env.WEATHER_URL,
    metricsPort: env.METRICS_PORT,
    metricsToken: env.METRICS_TOKEN,
  };
}
