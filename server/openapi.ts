import fs from "node:fs";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance, RouteOptions } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";
import { PRODUCT_NAME } from "../common/constants.ts";
import { apiErrorSchema } from "../common/user.ts";
import { requireUser } from "./auth/session-plugin.ts";
import { SESSION_COOKIE } from "./auth/sessions.ts";
import { fromRoot } from "./lib/project-root.ts";

/**
 * The tags of the API reference: one per area, in the order the reference lists them. Every
 * operation carries exactly one (a test holds them to this list).
 */
export const API_TAGS = [
  { name: "auth", description: "Signing in and out, and who is signed in." },
  { name: "courts", description: "Basketball courts: the directory, their games, favorites." },
  { name: "checkins", description: "Checking in at courts, and where players are now." },
  {
    name: "games",
    description: "Pickup games: find, create, join, leave, cancel; results, ratings, messages.",
  },
  {
    name: "attendance",
    description: "Who showed up: attendance, reliability and the chance a game fills.",
  },
  {
    name: "runs",
    description: "Runs: games that repeat weekly on the court's clock; their dates and .ics.",
  },
  { name: "players", description: "Players near the signed-in player." },
  { name: "friends", description: "Friends and friend requests." },
  { name: "blocks", description: "Blocking players, and the list of players the caller blocked." },
  { name: "contact", description: "The contact form: messages to the team." },
  { name: "reports", description: "Reporting players and content to the operators." },
  {
    name: "operator",
    description: "The operators' tools: open reports, actions and the audit log.",
  },
  { name: "profile", description: "A player's profile, stats and recent games." },
  { name: "onboarding", description: "City search and the first-visit steps." },
  { name: "settings", description: "Notification and privacy settings." },
  {
    name: "account",
    description: "The account itself: password, e-mail, sessions, deletion, a copy of its data.",
  },
  {
    name: "notifications",
    description: "The inbox, e-mail unsubscribe and this device's web push subscription.",
  },
  { name: "events", description: "Live updates of pages, as Server-Sent Events." },
  { name: "leaderboard", description: "Global, weekly and local standings." },
  { name: "metrics", description: "Public counters shown on the landing page." },
  { name: "waitlist", description: "The pre-launch waitlist." },
  { name: "pages", description: "Link preview images of the public pages." },
  { name: "system", description: "Health of the running service." },
] as const;

/** The security scheme of cookie sign-in: the session cookie set by POST /api/login. */
export const SESSION_SCHEME = "sessionCookie";

const RESPONSE_DESCRIPTIONS: Record<string, string> = {
  "200": "Success.",
  "201": "Created.",
  "204": "Done; no content.",
  "302": "Redirect.",
  "303": "Redirect to the next page.",
  "400": "Invalid input: `message` says why, `errors` names each field.",
  "401": "Not signed in.",
  "403": "Not allowed, or a state-changing request from another site.",
  "404": "Not found.",
  "409": "Refused in the current state (for example a full game).",
  "413": "The request body is too large.",
  "429": "Too many requests; try again later.",
  "503": "A service this depends on is not answering.",
};

// Shared shapes appear once under components.schemas.
z.globalRegistry.add(apiErrorSchema, { id: "ApiError" });
const API_ERROR_REF = "#/components/schemas/ApiError";

/**
 * Fastify keeps each plugin's hooks under an internal symbol. Reading it is the only way to see
 * whether a route lives in a plugin guarded by `requireUser` (fastify/fastify-swagger#803);
 * if a Fastify upgrade moves it, start-up fails here rather than the reference lying.
 */
function hooksSymbol(app: FastifyInstance): symbol {
  const symbol = Object.getOwnPropertySymbols(app).find((s) => s.description === "fastify.hooks");
  if (!symbol) throw new Error("Fastify's hooks are not where server/openapi.ts looks.");
  return symbol;
}

type HookList = readonly unknown[] | unknown;
const includesGuard = (hooks: HookList) =>
  Array.isArray(hooks) ? hooks.includes(requireUser) : hooks === requireUser;

/**
 * Registers the OpenAPI generator. Call before any route: it has to see every route as it is
 * declared. Signed-in operations (routes of a plugin whose onRequest or preHandler hooks include
 * `requireUser`, or a route that lists it itself) get the session cookie as their security and
 * a 401; every other operation is public. State-changing operations get the 403 of the
 * cross-site guard.
 */
export async function registerOpenApi(app: FastifyInstance, { publicUrl }: { publicUrl: string }) {
  const hooks = hooksSymbol(app);
  const pluginOf = new WeakMap<object, FastifyInstance>();
  app.addHook("onRoute", function (this: FastifyInstance, route) {
    pluginOf.set(route, this);
  });

  const isSignedInOnly = (route: RouteOptions) => {
    const plugin = pluginOf.get(route) as unknown as
      | Record<symbol, { onRequest: unknown[]; preHandler: unknown[] }>
      | undefined;
    const pluginHooks = plugin?.[hooks];
    return (
      includesGuard(route.onRequest) ||
      includesGuard(route.preHandler) ||
      includesGuard(pluginHooks?.onRequest) ||
      includesGuard(pluginHooks?.preHandler)
    );
  };

  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: `${PRODUCT_NAME} API`,
        version: "1.0.0",
        summary: "Courts, pickup games, players and leaderboards.",
        description: [
          "The JSON API behind the Ball with the Bros web app. Every error is",
          "`{ message, errors? }` with the status saying what went wrong.",
          "",
          "**Signing in:** `POST /api/login` (or `/api/signup`) with a JSON body sets the",
          `\`${SESSION_COOKIE}\` cookie; send it back on every call that needs a signed-in player.`,
          "State-changing calls from a browser must come from this site (same origin).",
          "**Try it out** on this page uses your browser's session: sign in to the app first.",
        ].join("\n"),
        license: { name: "All rights reserved", identifier: "LicenseRef-Proprietary" },
      },
      servers: [{ url: publicUrl, description: "This instance" }],
      tags: API_TAGS.map((tag) => ({ ...tag })),
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: "apiKey",
            in: "cookie",
            name: SESSION_COOKIE,
            description: "The session cookie set by signing in (HttpOnly, signed).",
          },
        },
      },
    },
    transform(input) {
      const { schema, url } = jsonSchemaTransform(input);
      const route = input.route as RouteOptions;
      const signedIn = isSignedInOnly(route);
      const methods = [route.method].flat();
      const changesState = methods.some((m) => !["GET", "HEAD", "OPTIONS"].includes(m));
      const response = { ...(schema.response as Record<string, Record<string, unknown>>) };
      const addError = (status: string) => {
        response[status] ??= { $ref: API_ERROR_REF };
      };
      if (signedIn) addError("401");
      if (changesState) addError("403");
      for (const [status, body] of Object.entries(response)) {
        const described = body.description ?? body["x-response-description"];
        const text = RESPONSE_DESCRIPTIONS[status];
        if (described || !text) continue;
        // A shared shape ($ref) keeps its own description; the response's goes beside it.
        response[status] = {
          ...body,
          [body.$ref ? "description" : "x-response-description"]: text,
        };
      }
      return {
        url,
        schema: {
          ...schema,
          response,
          security: signedIn ? [{ [SESSION_SCHEME]: [] }] : [],
        },
      };
    },
    transformObject: (input) =>
      withoutUnusedSchemas(withoutSafeIntegerBounds(jsonSchemaTransformObject(input))),
  });
}

/**
 * zod writes every plain integer's range as ±(2^53 − 1): noise to a reader, and Swagger UI
 * shows the minimum as each example ("id": -9007199254740991).
 */
function withoutSafeIntegerBounds<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutSafeIntegerBounds) as T;
  if (value === null || typeof value !== "object") return value;
  const entries = Object.entries(value).filter(
    ([key, v]) =>
      !(key === "minimum" && v === Number.MIN_SAFE_INTEGER) &&
      !(key === "maximum" && v === Number.MAX_SAFE_INTEGER),
  );
  return Object.fromEntries(entries.map(([k, v]) => [k, withoutSafeIntegerBounds(v)])) as T;
}

/**
 * The zod registry yields an input and an output variant of each shared shape; only the ones
 * some operation refers to belong in the document.
 */
type OpenApiDocument = ReturnType<typeof jsonSchemaTransformObject>;
function withoutUnusedSchemas(result: OpenApiDocument): OpenApiDocument {
  const document = result as { components?: { schemas?: Record<string, unknown> } };
  const schemas: Record<string, unknown> = { ...document.components?.schemas };
  for (;;) {
    const text = JSON.stringify({ ...document, components: { ...document.components, schemas } });
    const unused = Object.keys(schemas).filter(
      (name) => text.split(`"#/components/schemas/${name}"`).length - 1 === 0,
    );
    if (unused.length === 0) break;
    for (const name of unused) delete schemas[name];
  }
  return { ...document, components: { ...document.components, schemas } } as OpenApiDocument;
}

const FAVICON = fromRoot("client/public/favicon.svg");
const THEME_CSS = fromRoot("server/api-docs-theme.css");

/** The reference at /api/docs (Swagger UI) and the document at /api/openapi.json. */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(swaggerUi, {
    routePrefix: "/api/docs",
    // BaseLayout: the reference without Swagger's top bar (its logo and a box to load other
    // documents). It runs under the app's own CSP: scripts and styles come from this origin.
    // Deep links would put a link inside each operation's button (nested controls).
    uiConfig: {
      layout: "BaseLayout",
      deepLinking: false,
      // The highlighter's palette fails contrast; plain examples read fine.
      syntaxHighlight: false,
      docExpansion: "list",
      defaultModelsExpandDepth: 0,
    },
    theme: {
      title: `${PRODUCT_NAME} API`,
      css: [{ filename: "theme.css", content: await fs.promises.readFile(THEME_CSS, "utf8") }],
      favicon: [
        {
          filename: "favicon.svg",
          rel: "icon",
          sizes: "any",
          type: "image/svg+xml",
          content: await fs.promises.readFile(FAVICON),
        },
      ],
    },
  });
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
}
