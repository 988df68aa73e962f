import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { forgotPasswordSchema, mailSentSchema, resetPasswordSchema } from "../../common/account.ts";
import { signedInSchema } from "../../common/auth.ts";
import { apiErrorSchema } from "../../common/user.ts";
import type { Db } from "../db/client.ts";
import { HttpError } from "../lib/http-error.ts";
import type { AccountMailDeps } from "./account-mail.ts";
import { tokenIsLive } from "./account-tokens.ts";
import { confirmEmail, confirmEmailChange, LINK_USED } from "./email-links.ts";
import { landingPathFor } from "./landing-path.ts";
import { requestPasswordReset, resetPassword } from "./recovery.ts";
import { renderConfirmPage, renderForgotPage, renderResetPage } from "./recovery-pages.ts";

const tokenQuery = z.object({ token: z.string().max(200).optional() });
const tokenBody = z.object({ token: z.string().min(1).max(200) });

const wantsJson = (request: FastifyRequest) =>
  (request.headers["content-type"] ?? "").includes("application/json");

const html = (reply: FastifyReply, status: number, page: string) =>
  reply
    .status(status)
    .type("text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .send(page);

/** Browser navigations (pages, not JSON operations): kept out of the API reference. */
const page = (operationId: string, summary: string) => ({
  schema: { operationId, summary, tags: ["auth"], hide: true, querystring: tokenQuery },
});

/** A form post (answered with a page or a redirect) that API clients may send as JSON too. */
const formPost = <B extends z.ZodObject>(
  operationId: string,
  summary: string,
  body: B,
  ok: z.ZodType,
) => ({
  attachValidation: true,
  schema: {
    operationId,
    summary,
    tags: ["auth"],
    consumes: ["application/json", "application/x-www-form-urlencoded"],
    body,
    response: {
      200: ok,
      303: z.null().describe("A form post: redirect to the next page."),
      400: apiErrorSchema,
      429: apiErrorSchema,
    },
  },
});

function firstIssue(error: z.ZodError | undefined): string {
  return error?.issues[0]?.message ?? "Invalid input.";
}

interface RecoveryOptions {
  db: Db;
  mail: AccountMailDeps;
  /** Signs the browser in (a new session) once the password is reset. */
  startSession: (request: FastifyRequest, reply: FastifyReply, userId: string) => Promise<void>;
  /** Built-in accounts only: with OIDC the identity provider handles passwords. */
  passwords: boolean;
}

/**
 * 'Forgot password?', the reset link's page, and the pages of the confirmation links. Like the
 * sign-in page they are server-rendered forms that work without the app's JavaScript.
 */
export async function recoveryRoutes(app: FastifyInstance, options: RecoveryOptions) {
  const { db, mail } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  const failure = (
    request: FastifyRequest,
    reply: FastifyReply,
    error: HttpError,
    render: () => string,
  ) => {
    if (error.retryAfterSeconds !== undefined) {
      reply.header("retry-after", String(error.retryAfterSeconds));
    }
    if (wantsJson(request)) {
      return reply
        .status(error.statusCode)
        .send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    return html(reply, error.statusCode, render());
  };

  if (options.passwords) {
    r.get(
      "/api/login/forgot",
      page("showForgotPassword", "The 'Forgot password?' page."),
      (_request, reply) => html(reply, 200, renderForgotPage()),
    );

    r.post(
      "/api/login/forgot",
      formPost(
        "requestPasswordReset",
        "Mail a single-use reset link to this address's account, if any; same answer either way.",
        forgotPasswordSchema,
        mailSentSchema,
      ),
      async (request, reply) => {
        const body = (request.body ?? {}) as Record<string, unknown>;
        const email = typeof body.email === "string" ? body.email : undefined;
        try {
          const parsed = forgotPasswordSchema.safeParse(body);
          if (!parsed.success)
            throw new HttpError(400, firstIssue(parsed.error), { email: firstIssue(parsed.error) });
          const message = await requestPasswordReset(db, parsed.data.email, request.ip, mail);
          return wantsJson(request)
            ? reply.send({ message })
            : html(reply, 200, renderForgotPage({ sent: message }));
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          return failure(request, reply, error, () =>
            renderForgotPage({ email, error: error.message }),
          );
        }
      },
    );

    r.get(
      "/api/login/reset",
      page("showResetPassword", "The reset link's page: choose a new password."),
      async (request, reply) => {
        const token = request.query.token;
        if (token && (await tokenIsLive(db, token, "reset_password"))) {
          return html(reply, 200, renderResetPage({ token }));
        }
        return html(reply, 400, renderResetPage({ error: LINK_USED }));
      },
    );

    r.post(
      "/api/login/reset",
      formPost(
        "resetPassword",
        "Set a new password with a reset link (once); ends every session, signs this browser in.",
        resetPasswordSchema,
        signedInSchema,
      ),
      async (request, reply) => {
        const body = (request.body ?? {}) as Record<string, unknown>;
        const token = typeof body.token === "string" ? body.token : undefined;
        try {
          const parsed = resetPasswordSchema.safeParse(body);
          if (!parsed.success) {
            const message = firstIssue(parsed.error);
            throw new HttpError(400, message, { password: message });
          }
          const { userId } = await resetPassword(db, parsed.data);
          await options.startSession(request, reply, userId);
          const redirectTo = await landingPathFor(db, userId);
          return wantsJson(request) ? reply.send({ redirectTo }) : reply.redirect(redirectTo, 303);
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          const linkGone = error.message === LINK_USED;
          return failure(request, reply, error, () =>
            linkGone
              ? renderResetPage({ error: LINK_USED })
              : renderResetPage({ token, fieldError: error.errors?.password ?? error.message }),
          );
        }
      },
    );
  }

  const confirmPages = [
    {
      path: "/api/account/confirm-email",
      showId: "showConfirmEmail",
      useId: "confirmEmail",
      title: "Confirm your e-mail address",
      button: "Confirm my address",
      use: async (token: string) =>
        (await confirmEmail(db, token)) ? "/settings?email=confirmed" : null,
    },
    {
      path: "/api/account/new-email",
      showId: "showConfirmNewEmail",
      useId: "confirmNewEmail",
      title: "Confirm your new e-mail address",
      button: "Use this address",
      use: async (token: string) => {
        const outcome = await confirmEmailChange(db, token);
        if (outcome === "taken")
          throw new HttpError(409, "That address now belongs to another account.");
        return outcome === "changed" ? "/settings?email=changed" : null;
      },
    },
  ];
  for (const step of confirmPages) {
    const render = (token?: string, error?: string) =>
      renderConfirmPage({
        title: step.title,
        action: step.path,
        button: step.button,
        token,
        error,
      });
    r.get(step.path, page(step.showId, `${step.title}: the link's page.`), (request, reply) =>
      html(reply, 200, render(request.query.token)),
    );
    r.post(
      step.path,
      {
        attachValidation: true,
        schema: {
          operationId: step.useId,
          summary: `${step.title} with the link's token (once).`,
          tags: ["auth"],
          hide: true,
          consumes: ["application/x-www-form-urlencoded"],
          body: tokenBody,
        },
      },
      async (request, reply) => {
        const parsed = tokenBody.safeParse(request.body ?? {});
        try {
          const next = parsed.success ? await step.use(parsed.data.token) : null;
          if (!next) return html(reply, 400, render(undefined, LINK_USED));
          return reply.redirect(next, 303);
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          return html(reply, error.statusCode, render(undefined, error.message));
        }
      },
    );
  }
}
