import { randomUUID } from "node:crypto";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import formbody from "@fastify/formbody";
import helmet from "@fastify/helmet";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { AccountMailer, accountLinks } from "./auth/account-mail.ts";
import { crossSiteGuard } from "./auth/cross-site-guard.ts";
import { noStoreWhenSignedIn } from "./auth/no-store.ts";
import { createOidcClient, type OidcClient } from "./auth/oidc.ts";
import { authRoutes } from "./auth/routes.ts";
import { sessionPlugin } from "./auth/session-plugin.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { compressAnswer } from "./lib/compress-answers.ts";
import { registerErrorHandler } from "./lib/error-handler.ts";
import { RequestLogController } from "./lib/logger.ts";
import { createMailer, type Mailer } from "./lib/mail.ts";
import { refuseUndeclaredQuery } from "./lib/strict-query.ts";
import { refuseMalformedText } from "./lib/well-formed-input.ts";
import { writeLimitHook } from "./limits/write-limits.ts";
import { accountRoutes } from "./modules/account/routes.ts";
import { attendanceRoutes } from "./modules/attendance/routes.ts";
import { blocksRoutes } from "./modules/blocks/routes.ts";
import { calendarFeedRoutes } from "./modules/calendar-feed/routes.ts";
import { cantMakeItRoutes } from "./modules/cant-make-it/routes.ts";
import { checkinsRoutes } from "./modules/checkins/routes.ts";
import { contactRoutes } from "./modules/contact/routes.ts";
import { courtConditionsRoutes } from "./modules/court-conditions/routes.ts";
import { courtKingsRoutes } from "./modules/court-kings/routes.ts";
import { courtPageRoutes } from "./modules/court-page/routes.ts";
import { courtRatingsRoutes } from "./modules/court-ratings/routes.ts";
import { courtSuggestionsRoutes } from "./modules/court-suggestions/routes.ts";
import { courtsRoutes } from "./modules/courts/routes.ts";
import { LiveHub } from "./modules/events/hub.ts";
import { eventsRoutes, type LiveStreamLimits } from "./modules/events/routes.ts";
import { friendsRoutes } from "./modules/friends/routes.ts";
import { gameInviteRoutes } from "./modules/games/invite-routes.ts";
import { gameLineRoutes } from "./modules/games/line-routes.ts";
import { gameResultRoutes } from "./modules/games/result-routes.ts";
import { gamesRoutes } from "./modules/games/routes.ts";
import { goNoGoRoutes } from "./modules/go-no-go/routes.ts";
import { Readiness } from "./modules/health/readiness.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { leaderboardRoutes } from "./modules/leaderboard/routes.ts";
import { levelsRoutes } from "./modules/levels/routes.ts";
import { metricsRoutes } from "./modules/metrics/routes.ts";
import { moderationRoutes } from "./modules/moderation/routes.ts";
import { writeGuard } from "./modules/moderation/write-guard.ts";
import { registerMonitoring } from "./modules/monitoring/routes.ts";
import { setMailConfigured } from "./modules/notifications/reach.ts";
import { notificationsRoutes } from "./modules/notifications/routes.ts";
import { onboardingRoutes } from "./modules/onboarding/routes.ts";
import { organizerToolsRoutes } from "./modules/organizer-tools/routes.ts";
import type { PageRenderer } from "./modules/pages/first-paint.ts";
import { pagesRoutes, registerNotFound } from "./modules/pages/routes.ts";
import { playersRoutes } from "./modules/players/routes.ts";
import { profileRoutes } from "./modules/profile/routes.ts";
import { runsRoutes } from "./modules/runs/routes.ts";
import { seatOfferRoutes } from "./modules/seat-offers/routes.ts";
import { settingsRoutes } from "./modules/settings/routes.ts";
import { teamsRoutes } from "./modules/teams/routes.ts";
import { userRoutes } from "./modules/user/routes.ts";
import { waitlistRoutes } from "./modules/waitlist/routes.ts";
import { weatherRoutes } from "./modules/weather/routes.ts";
import { registerApiDocs, registerOpenApi } from "./openapi.ts";

export interface AppDeps {
  database: Database;
  config: Config;
  /** Folder of the built client (index.html, assets/); omitted in API tests. */
  clientDir?: string;
  /** Renders visitors' pages on the server (the built dist/server entry); none: the shell. */
  pageRenderer?: PageRenderer;
  /** A pino logger; none in tests. */
  logger?: FastifyBaseLogger;
  /** Replaces the OpenID Connect client (tests). */
  oidc?: OidcClient;
  /** Replaces the mailer made from SMTP_URL for account e-mails (tests); null: none. */
  mailer?: Mailer | null;
  /** Shorter heartbeats and lower bounds for live streams (tests). */
  liveLimits?: Partial<LiveStreamLimits>;
}

declare module "fastify" {
  interface FastifyInstance {
    /** This instance's end of the live events (LISTEN, open streams); started with the app. */
    liveHub: LiveHub;
    /** Account e-mails (confirmations, resets) sent after their request answered. */
    accountMail: AccountMailer;
    /** Whether this instance can serve (`/api/readyz`); main.ts says when jobs run and shutdown begins. */
    readiness: Readiness;
  }
}

// Fastify types these factories for ajv and fast-json-stringify; zod's compilers take the same
// route definitions (they are what setValidatorCompiler and setSerializerCompiler install below).
type CompilersFactory = NonNullable<FastifyServerOptions["schemaController"]>["compilersFactory"];
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as CompilersFactory;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { database, config } = deps;
  const db = database.db;
  setMailConfigured(config.mail !== undefined);
  const app = Fastify({
    ...(deps.logger
      ? { loggerInstance: deps.logger, logController: new RequestLogController() }
      : { logger: false }),
    genReqId: () => randomUUID(),
    // Every route validates and serialises with zod: without these, Fastify would still import
    // ajv and fast-json-stringify for its default compilers at start-up (about 0.15 s, §58).
    schemaController: { compilersFactory: zodCompilers },
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
        // Map tiles come from TILE_URL's host only.
        imgSrc: ["'self'", "data:", config.tileOrigin],
        fontSrc: ["'self'", "data:"],
        // The service worker fetches (and keeps) map tiles itself, under this same policy.
        connectSrc: ["'self'", config.tileOrigin],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: config.secureCookies ? undefined : false,
    // As the CSP's frame-ancestors 'none' says: no framing, not even same-origin.
    frameguard: { action: "deny" },
    // Under "no-referrer" browsers send `Origin: null` with form posts, which the cross-site
    // guard must refuse; this policy keeps our own origin visible to ourselves.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  // Answers made per request are compressed in one call first; streams and files after.
  app.addHook("onSend", compressAnswer);
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  await registerOpenApi(app, { publicUrl: config.publicUrl });

  // The app's own plugins.
  app.addHook("onRequest", crossSiteGuard(config.publicUrl));
  refuseUndeclaredQuery(app);
  app.addHook("preValidation", refuseMalformedText);
  await app.register(sessionPlugin, { db, maxAgeMs: config.sessionMaxAgeMs });
  await app.register(writeGuard);
  app.addHook("onRequest", writeLimitHook(db));
  app.addHook("onSend", noStoreWhenSignedIn);
  const hub = new LiveHub(database, (error) => app.log.warn({ err: error }, "live events"));
  app.decorate("liveHub", hub);
  app.addHook("onReady", () => hub.start());
  app.addHook("onClose", () => hub.stop());

  const accountMail = new AccountMailer(
    deps.mailer !== undefined ? deps.mailer : config.mail ? createMailer(config.mail) : null,
    app.log,
    config.env,
  );
  app.decorate("accountMail", accountMail);
  app.addHook("onClose", () => accountMail.close());
  const mail = { mail: accountMail, links: accountLinks(config.publicUrl) };

  // Routes.
  const oidc =
    deps.oidc ??
    (config.oidc
      ? createOidcClient({ ...config.oidc, redirectUri: `${config.publicUrl}/api/callback` })
      : undefined);
  await registerMonitoring(app, { database, hub, config });
  const readiness = new Readiness(db, () => hub.listening);
  app.decorate("readiness", readiness);
  await app.register(healthRoutes, { db, readiness });
  await app.register(authRoutes, { db, config, oidc, mail });
  await app.register(userRoutes, { db });
  await app.register(metricsRoutes, { db });
  await app.register(waitlistRoutes, { db });
  await app.register(courtsRoutes, {
    db,
    hub,
    // The embedded database has one writer, this process: its notices stand for the map's
    // version read (§87). Instances sharing PostgreSQL keep reading it per request.
    courtMapChanges:
      database.kind === "pglite"
        ? (onChange) => database.listen("court_map_changed", { onPayload: onChange })
        : undefined,
  });
  await app.register(courtPageRoutes, { db });
  await app.register(courtRatingsRoutes, { db });
  await app.register(courtConditionsRoutes, { db });
  await app.register(courtKingsRoutes, { db });
  await app.register(courtSuggestionsRoutes, { db });
  await app.register(onboardingRoutes, { db });
  await app.register(settingsRoutes, { db });
  await app.register(accountRoutes, { db, config, mail });
  await app.register(profileRoutes, { db });
  await app.register(levelsRoutes, { db });
  await app.register(checkinsRoutes, { db });
  await app.register(playersRoutes, { db });
  await app.register(friendsRoutes, { db });
  await app.register(blocksRoutes, { db });
  await app.register(moderationRoutes, { db });
  await app.register(contactRoutes, { db });
  await app.register(leaderboardRoutes, { db });
  await app.register(gamesRoutes, { db, publicUrl: config.publicUrl, hub });
  await app.register(gameResultRoutes, { db });
  await app.register(gameLineRoutes, { db });
  await app.register(gameInviteRoutes, { db });
  await app.register(weatherRoutes, { db });
  await app.register(goNoGoRoutes, { db });
  await app.register(seatOfferRoutes, { db });
  await app.register(attendanceRoutes, { db });
  await app.register(runsRoutes, { db, publicUrl: config.publicUrl });
  await app.register(organizerToolsRoutes, { db });
  await app.register(teamsRoutes, { db });
  await app.register(notificationsRoutes, { db, config });
  await app.register(calendarFeedRoutes, {
    db,
    publicUrl: config.publicUrl,
    secret: config.sessionSecret,
  });
  await app.register(cantMakeItRoutes, { db, secret: config.sessionSecret });
  await app.register(eventsRoutes, { database, hub, limits: deps.liveLimits });
  await registerApiDocs(app);

  await pagesRoutes(app, {
    db,
    publicUrl: config.publicUrl,
    clientDir: deps.clientDir,
    tileUrl: config.tileUrl,
    renderer: deps.pageRenderer,
    sessionMaxAgeMs: config.sessionMaxAgeMs,
  });
  registerNotFound(app);
  return app;
}
