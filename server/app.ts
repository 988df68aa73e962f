import { randomUUID } from "node:crypto";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import formbody from "@fastify/formbody";
import helmet from "@fastify/helmet";
import swagger from "@fastify/swagger";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from "fastify-type-provider-zod";
import { crossSiteGuard } from "./auth/cross-site-guard.ts";
import { createOidcClient, type OidcClient } from "./auth/oidc.ts";
import { authRoutes } from "./auth/routes.ts";
import { sessionPlugin } from "./auth/session-plugin.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { registerErrorHandler } from "./lib/error-handler.ts";
import { checkinsRoutes } from "./modules/checkins/routes.ts";
import { courtsRoutes } from "./modules/courts/routes.ts";
import { LiveHub } from "./modules/events/hub.ts";
import { eventsRoutes, type LiveStreamLimits } from "./modules/events/routes.ts";
import { gameInviteRoutes } from "./modules/games/invite-routes.ts";
import { gameLineRoutes } from "./modules/games/line-routes.ts";
import { gameResultRoutes } from "./modules/games/result-routes.ts";
import { gamesRoutes } from "./modules/games/routes.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { leaderboardRoutes } from "./modules/leaderboard/routes.ts";
import { metricsRoutes } from "./modules/metrics/routes.ts";
import { notificationsRoutes } from "./modules/notifications/routes.ts";
import { onboardingRoutes } from "./modules/onboarding/routes.ts";
import { playersRoutes } from "./modules/players/routes.ts";
import { profileRoutes } from "./modules/profile/routes.ts";
import { settingsRoutes } from "./modules/settings/routes.ts";
import { waitlistRoutes } from "./modules/waitlist/routes.ts";
import { registerSpa } from "./spa.ts";

export const TILE_HOST = "https://*.tile.openstreetmap.org";

export interface AppDeps {
  database: Database;
  config: Config;
  /** Folder of the built client (index.html, assets/); omitted in API tests. */
  clientDir?: string;
  /** A pino logger; none in tests. */
  logger?: FastifyBaseLogger;
  /** Replaces the OpenID Connect client (tests). */
  oidc?: OidcClient;
  /** Shorter heartbeats and lower bounds for live streams (tests). */
  liveLimits?: Partial<LiveStreamLimits>;
}

declare module "fastify" {
  interface FastifyInstance {
    /** This instance's end of the live events (LISTEN, open streams); started with the app. */
    liveHub: LiveHub;
  }
}

const SENSITIVE_QUERY = /^\/api\/callback\?/;

/** A client that went away mid-response (a closed tab, a navigation) is not a server error. */
function isClientAbort(value: unknown): boolean {
  const error = (value as { err?: unknown })?.err ?? value;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === "ERR_STREAM_PREMATURE_CLOSE" || message === "premature close";
}

export function loggerOptions(level: string): FastifyServerOptions["logger"] {
  return {
    level,
    hooks: {
      // @fastify/compress logs an aborted download at error level; it is only worth a debug line.
      logMethod(args, method, levelValue) {
        if (levelValue >= 50 && isClientAbort(args[0])) return this.debug(...(args as [string]));
        return method.apply(this, args);
      },
    },
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
      censor: "[redacted]",
    },
    serializers: {
      req(request) {
        // The OIDC callback's query carries the authorization code: keep it out of logs.
        const url = SENSITIVE_QUERY.test(request.url) ? "/api/callback?[redacted]" : request.url;
        return { method: request.method, url, remoteAddress: request.ip };
      },
    },
  };
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { database, config } = deps;
  const db = database.db;
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    genReqId: () => randomUUID(),
    bodyLimit: 256 * 1024,
    return503OnClosing: true,
    // Behind a load balancer every request comes from its address: rate limits per address
    // would lump all users together unless the proxies named in TRUST_PROXY are believed.
    ...(config.trustProxy.length > 0 ? { trustProxy: config.trustProxy } : {}),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  // External plugins first.
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Leaflet and Radix position elements with inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", TILE_HOST],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: config.secureCookies ? undefined : false,
    // Under "no-referrer" browsers send `Origin: null` with form posts, which the cross-site
    // guard must refuse; this policy keeps our own origin visible to ourselves.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  await app.register(swagger, {
    openapi: { info: { title: "Ball with the Bros API", version: "1.0.0" } },
    transform: jsonSchemaTransform,
  });

  // The app's own plugins.
  app.addHook("onRequest", crossSiteGuard(config.publicUrl));
  await app.register(sessionPlugin, { db });
  const hub = new LiveHub(database, (error) => app.log.warn({ err: error }, "live events"));
  app.decorate("liveHub", hub);
  app.addHook("onReady", () => hub.start());
  app.addHook("onClose", () => hub.stop());

  // Routes.
  const oidc =
    deps.oidc ??
    (config.oidc
      ? createOidcClient({ ...config.oidc, redirectUri: `${config.publicUrl}/api/callback` })
      : undefined);
  await app.register(healthRoutes, { db });
  await app.register(authRoutes, { db, config, oidc });
  await app.register(metricsRoutes, { db });
  await app.register(waitlistRoutes, { db });
  await app.register(courtsRoutes, { db });
  await app.register(onboardingRoutes, { db });
  await app.register(settingsRoutes, { db });
  await app.register(profileRoutes, { db });
  await app.register(checkinsRoutes, { db });
  await app.register(playersRoutes, { db });
  await app.register(leaderboardRoutes, { db });
  await app.register(gamesRoutes, { db, publicUrl: config.publicUrl });
  await app.register(gameResultRoutes, { db });
  await app.register(gameLineRoutes, { db });
  await app.register(gameInviteRoutes, { db });
  await app.register(notificationsRoutes, { db, config });
  await app.register(eventsRoutes, { database, hub, limits: deps.liveLimits });
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());

  await registerSpa(app, deps.clientDir);
  return app;
}
