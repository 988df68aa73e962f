import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { mailSentSchema } from "../../common/account.ts";
import { signedInSchema, signInSchema, signUpSchema } from "../../common/auth.ts";
import { safeReturnTo } from "../../common/return-to.ts";
import { apiErrorSchema } from "../../common/user.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { HttpError } from "../lib/http-error.ts";
import { consumeLimit } from "../limits/rate-limit.ts";
import type { AccountMailDeps } from "./account-mail.ts";
import { AccountLockedError, signIn, signUp } from "./accounts.ts";
import { readKnownDevice, rememberDevice } from "./known-device.ts";
import { landingPathFor } from "./landing-path.ts";
import { type LoginPageState, renderLoginPage } from "./login-page.ts";
import type { OidcClient, OidcPending } from "./oidc.ts";
import { upsertOidcUser } from "./oidc-accounts.ts";
import { renderSignInLinkPage, signInLinkOffer } from "./recovery-pages.ts";
import { recoveryRoutes } from "./recovery-routes.ts";
import { endSession, startSession } from "./session-plugin.ts";
import {
  redeemSignInLink,
  requestSignInLink,
  SIGN_IN_LINK_USED,
  warnOwnerOfGuessing,
} from "./sign-in-link.ts";

const OIDC_COOKIE = "bwb_oidc";
const SIGN_UPS_PER_ADDRESS = { max: 20, windowMs: 60 * 60 * 1000 };

interface AuthRouteOptions {
  db: Db;
  config: Config;
  oidc: OidcClient | undefined;
  mail: AccountMailDeps;
}

const linkRequestBody = z.object({
  email: z.email("Please enter a valid email address.").max(255),
});
const linkUseBody = z.object({ token: z.string().min(1).max(200) });

const wantsJson = (request: FastifyRequest) =>
  (request.headers["content-type"] ?? "").includes("application/json");

function sendLoginPage(reply: FastifyReply, status: number, state: LoginPageState = {}) {
  return reply
    .status(status)
    .type("text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .send(renderLoginPage(state));
}

/**
 * The sign-in pages are browser navigations (HTML and redirects), not JSON operations: they
 * stay out of the API reference.
 */
const page = (operationId: string, summary: string) => ({
  schema: { operationId, summary, tags: ["auth"], hide: true },
});

/**
 * Sign-in and sign-up take JSON (API clients: the answer is JSON) or a form post (the sign-in
 * page: the answer is a redirect, or the page again with the errors). The handler validates
 * itself, so a form gets its page back instead of a JSON error.
 */
const credentialsRoute = (
  operationId: string,
  summary: string,
  body: typeof signInSchema | typeof signUpSchema,
  refusals: Record<number, typeof apiErrorSchema>,
) => ({
  attachValidation: true,
  schema: {
    operationId,
    summary,
    tags: ["auth"],
    consumes: ["application/json", "application/x-www-form-urlencoded"],
    // The page to come back to after signing in (a path of this site; anything else is ignored).
    body: body.extend({ returnTo: z.string().max(2048).optional() }),
    response: {
      200: signedInSchema,
      303: z.null().describe("A form post: redirect to the next page."),
      400: apiErrorSchema,
      ...refusals,
    },
  },
});

function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return errors;
}

export async function authRoutes(
  app: FastifyInstance,
  { db, config, oidc, mail }: AuthRouteOptions,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Answers a sign-in or sign-up form: a redirect for the browser, JSON for API clients. */
  async function completeSignIn(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string,
    returnTo: string | undefined,
  ) {
    await startSession(db, config, request, reply, userId);
    rememberDevice(reply, config, userId);
    const redirectTo = await landingPathFor(db, userId, returnTo);
    return wantsJson(request) ? reply.send({ redirectTo }) : reply.redirect(redirectTo, 303);
  }

  function formFailure(
    request: FastifyRequest,
    reply: FastifyReply,
    form: "signin" | "signup",
    error: HttpError,
    values: LoginPageState["values"],
    returnTo: string | undefined,
    offer?: string,
  ) {
    if (error.retryAfterSeconds !== undefined) {
      reply.header("retry-after", String(error.retryAfterSeconds));
    }
    if (wantsJson(request)) {
      return reply
        .status(error.statusCode)
        .send(
          error.errors
            ? { message: error.message, errors: error.errors }
            : { message: error.message },
        );
    }
    return sendLoginPage(reply, error.statusCode, {
      form,
      message: error.message,
      fieldErrors: error.errors,
      values,
      returnTo,
      offer,
    });
  }

  r.get(
    "/api/login",
    page("showSignIn", "The sign-in page, or the identity provider."),
    async (request, reply) => {
      const returnTo = safeReturnTo((request.query as { returnTo?: unknown }).returnTo);
      if (oidc) {
        const { url, pending } = await oidc.start().catch((error: unknown) => {
          request.log.error({ err: error }, "OIDC discovery failed");
          throw new HttpError(503, "The sign-in service is unavailable. Please try again shortly.");
        });
        reply.setCookie(OIDC_COOKIE, JSON.stringify({ ...pending, returnTo }), {
          path: "/api/callback",
          httpOnly: true,
          sameSite: "lax",
          secure: config.secureCookies,
          signed: true,
          maxAge: 600,
        });
        return reply.redirect(url, 302);
      }
      if (request.session) {
        return reply.redirect(await landingPathFor(db, request.session.userId, returnTo), 303);
      }
      return sendLoginPage(reply, 200, { returnTo });
    },
  );

  if (!oidc) {
    const signInRoute = credentialsRoute(
      "signIn",
      "Sign in with e-mail and password; sets the session cookie.",
      signInSchema,
      { 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema },
    );
    r.post("/api/login", signInRoute, async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const values = { email: typeof body.email === "string" ? body.email : undefined };
      const returnTo = safeReturnTo(body.returnTo);
      const parsed = signInSchema.safeParse(body);
      if (!parsed.success) {
        const errors = fieldErrors(parsed.error);
        const message = Object.values(errors)[0] ?? "Invalid input.";
        const error = new HttpError(400, message, errors);
        return formFailure(request, reply, "signin", error, values, returnTo);
      }
      try {
        const { userId } = await signIn(db, parsed.data, {
          ip: request.ip,
          device: readKnownDevice(request),
        });
        return await completeSignIn(request, reply, userId, returnTo);
      } catch (error) {
        if (error instanceof AccountLockedError) {
          await warnOwnerOfGuessing(db, parsed.data.email, mail);
          const offer = signInLinkOffer(parsed.data.email);
          return formFailure(request, reply, "signin", error, values, returnTo, offer);
        }
        if (error instanceof HttpError) {
          return formFailure(request, reply, "signin", error, values, returnTo);
        }
        throw error;
      }
    });

    const linkPage = (reply: FastifyReply, status: number, html: string) =>
      reply
        .status(status)
        .type("text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .send(html);

    r.post(
      "/api/login/link",
      {
        attachValidation: true,
        schema: {
          operationId: "requestSignInLink",
          summary: "Mail a one-time sign-in link to this address's account, if any (15 minutes).",
          tags: ["auth"],
          consumes: ["application/json", "application/x-www-form-urlencoded"],
          body: linkRequestBody,
          response: { 200: mailSentSchema, 400: apiErrorSchema, 429: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const parsed = linkRequestBody.safeParse(request.body ?? {});
        try {
          if (!parsed.success) {
            const message = parsed.error.issues[0]?.message ?? "Invalid input.";
            throw new HttpError(400, message, { email: message });
          }
          const sent = await requestSignInLink(db, parsed.data.email, request.ip, mail);
          return wantsJson(request)
            ? reply.send({ message: sent })
            : linkPage(reply, 200, renderSignInLinkPage({ sent }));
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          if (error.retryAfterSeconds !== undefined) {
            reply.header("retry-after", String(error.retryAfterSeconds));
          }
          return wantsJson(request)
            ? reply.status(error.statusCode as 400 | 429).send({ message: error.message })
            : linkPage(reply, error.statusCode, renderSignInLinkPage({ error: error.message }));
        }
      },
    );

    r.get(
      "/api/login/link",
      {
        schema: {
          ...page("showSignInLink", "The sign-in link's page: a button that uses it.").schema,
          querystring: z.object({ token: z.string().max(200).optional() }),
        },
      },
      (request, reply) => {
        const token = request.query.token;
        return token
          ? linkPage(reply, 200, renderSignInLinkPage({ token }))
          : linkPage(reply, 400, renderSignInLinkPage({ error: SIGN_IN_LINK_USED }));
      },
    );

    r.post(
      "/api/login/link/use",
      {
        attachValidation: true,
        schema: {
          operationId: "redeemSignInLink",
          summary: "Sign in with a sign-in link's token (once); this browser becomes a known one.",
          tags: ["auth"],
          hide: true,
          consumes: ["application/x-www-form-urlencoded", "application/json"],
          body: linkUseBody,
        },
      },
      async (request, reply) => {
        const parsed = linkUseBody.safeParse(request.body ?? {});
        const userId = parsed.success ? await redeemSignInLink(db, parsed.data.token) : null;
        if (!userId) {
          return wantsJson(request)
            ? reply.status(400).send({ message: SIGN_IN_LINK_USED })
            : linkPage(reply, 400, renderSignInLinkPage({ error: SIGN_IN_LINK_USED }));
        }
        return completeSignIn(request, reply, userId, undefined);
      },
    );

    const signUpRoute = credentialsRoute(
      "signUp",
      "Create an account and sign in; sets the session cookie.",
      signUpSchema,
      { 429: apiErrorSchema },
    );
    r.post("/api/signup", signUpRoute, async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const str = (v: unknown) => (typeof v === "string" ? v : undefined);
      const values = {
        email: str(body.email),
        firstName: str(body.firstName),
        lastName: str(body.lastName),
      };
      const returnTo = safeReturnTo(body.returnTo);
      const parsed = signUpSchema.safeParse(body);
      try {
        if (!parsed.success) {
          const errors = fieldErrors(parsed.error);
          throw new HttpError(400, Object.values(errors)[0] ?? "Invalid input.", errors);
        }
        await consumeLimit(
          db,
          `sign-ups:ip:${request.ip}`,
          SIGN_UPS_PER_ADDRESS,
          "Too many accounts created from this address. Please try again later.",
        );
        const { userId } = await signUp(db, parsed.data, mail);
        return await completeSignIn(request, reply, userId, returnTo);
      } catch (error) {
        if (error instanceof HttpError) {
          return formFailure(request, reply, "signup", error, values, returnTo);
        }
        throw error;
      }
    });
  }

  await recoveryRoutes(app, {
    db,
    mail,
    passwords: !oidc,
    startSession: (request, reply, userId) => startSession(db, config, request, reply, userId),
  });

  const callback = page(
    "completeOidcSignIn",
    "Where the identity provider sends the browser back.",
  );
  r.get("/api/callback", callback, async (request, reply) => {
    if (!oidc) throw new HttpError(404, "Not found.");
    const raw = request.cookies[OIDC_COOKIE];
    const unsigned = raw ? request.unsignCookie(raw) : undefined;
    reply.clearCookie(OIDC_COOKIE, { path: "/api/callback" });
    if (!unsigned?.valid || !unsigned.value) {
      throw new HttpError(400, "Your sign-in attempt expired. Please sign in again.");
    }
    const pending = JSON.parse(unsigned.value) as OidcPending;
    const callbackUrl = new URL(request.url, config.publicUrl);
    const claims = await oidc.finish(callbackUrl, pending).catch((error: unknown) => {
      request.log.warn({ err: error }, "OIDC callback refused");
      throw new HttpError(400, "Sign-in could not be completed. Please sign in again.");
    });
    const userId = await upsertOidcUser(db, claims);
    await startSession(db, config, request, reply, userId);
    return reply.redirect(await landingPathFor(db, userId, pending.returnTo), 303);
  });

  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    // Another site may link here: a cross-site navigation does not sign anyone out.
    const site = request.headers["sec-fetch-site"];
    if (site === undefined || site === "same-origin" || site === "none") {
      await endSession(db, config, request, reply);
    }
    // A browser goes to the landing page; an API client asking for JSON just hears it is done.
    const accept = request.headers.accept ?? "";
    if (
      request.method === "POST" &&
      accept.includes("application/json") &&
      !accept.includes("text/html")
    ) {
      return reply.status(204).send(null);
    }
    return reply.redirect("/", 303);
  };
  r.get("/api/logout", page("signOutPage", "Sign out and go to the landing page."), logout);
  r.post(
    "/api/logout",
    {
      schema: {
        operationId: "signOut",
        summary: "Sign out: ends the session and clears its cookie.",
        tags: ["auth"],
        response: {
          204: z.null().describe("Signed out (a client that accepts JSON)."),
          303: z.null().describe("Signed out: redirect to the landing page."),
        },
      },
    },
    logout,
  );
}
