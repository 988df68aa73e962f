import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  accountSessionsSchema,
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  mailSentSchema,
  PASSWORD_CHANGED,
  sessionIdParamsSchema,
} from "../../../common/account.ts";
import { apiErrorSchema } from "../../../common/user.ts";
import type { AccountMailDeps } from "../../auth/account-mail.ts";
import { endSession, requireUser, userIdOf } from "../../auth/session-plugin.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { unauthorized } from "../../lib/http-error.ts";
import { deleteAccount } from "./delete-account.ts";
import { exportAccountData } from "./export.ts";
import {
  changePassword,
  endOneSession,
  endOtherSessions,
  listSessions,
  requestEmailChange,
  resendConfirmation,
} from "./service.ts";

const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema };

/**
 * The signed-in player's account (Settings): password, e-mail, sessions, deletion, export. Each
 * change that matters asks for the password again; the user always comes from the session.
 */
export async function accountRoutes(
  app: FastifyInstance,
  { db, config, mail }: { db: Db; config: Config; mail: AccountMailDeps },
) {
  app.addHook("onRequest", requireUser);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const sessionIdOfRequest = (request: { session: { id: string } | null }) => {
    if (!request.session) throw unauthorized();
    return request.session.id;
  };

  r.post(
    "/api/account/confirmation",
    {
      schema: {
        operationId: "resendEmailConfirmation",
        summary: "Send a new link to confirm the account's e-mail address.",
        tags: ["account"],
        response: { 200: mailSentSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => ({ message: await resendConfirmation(db, userIdOf(request), mail) }),
  );

  r.post(
    "/api/account/password",
    {
      schema: {
        operationId: "changePassword",
        summary: "Change the password (the current one is required); other sessions end.",
        tags: ["account"],
        body: changePasswordSchema,
        response: { 200: mailSentSchema, ...refusals },
      },
    },
    async (request) => {
      await changePassword(db, userIdOf(request), sessionIdOfRequest(request), request.body, mail);
      return { message: PASSWORD_CHANGED };
    },
  );

  r.post(
    "/api/account/email",
    {
      schema: {
        operationId: "changeEmail",
        summary: "Ask to change the e-mail address: a link goes to the new one, the old is told.",
        tags: ["account"],
        body: changeEmailSchema,
        response: { 200: mailSentSchema, ...refusals },
      },
    },
    async (request) => ({
      message: await requestEmailChange(db, userIdOf(request), request.body, mail),
    }),
  );

  r.get(
    "/api/account/sessions",
    {
      schema: {
        operationId: "listAccountSessions",
        summary: "Where the account is signed in, this browser marked.",
        tags: ["account"],
        response: { 200: accountSessionsSchema, 401: apiErrorSchema },
      },
    },
    async (request) => listSessions(db, userIdOf(request), sessionIdOfRequest(request)),
  );

  r.delete(
    "/api/account/sessions/:id",
    {
      schema: {
        operationId: "endAccountSession",
        summary: "Sign one of the account's sessions out.",
        tags: ["account"],
        params: sessionIdParamsSchema,
        response: {
          204: z.null().describe("Signed out."),
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      await endOneSession(db, userIdOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    "/api/account/sessions/end-others",
    {
      schema: {
        operationId: "endOtherSessions",
        summary: "Sign out everywhere else: every session but this one ends.",
        tags: ["account"],
        response: { 200: z.object({ ended: z.number().int() }), 401: apiErrorSchema },
      },
    },
    async (request) => ({
      ended: await endOtherSessions(db, userIdOf(request), sessionIdOfRequest(request)),
    }),
  );

  r.get(
    "/api/account/export",
    {
      schema: {
        operationId: "exportAccountData",
        summary: "Download everything the account holds about its player, as a JSON file.",
        tags: ["account"],
        response: {
          200: z.record(z.string(), z.unknown()).describe("The player's data (a file download)."),
          401: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const data = await exportAccountData(db, userIdOf(request));
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header("content-disposition", `attachment; filename="ball-with-the-bros-data-${day}.json"`)
        .send(data);
    },
  );

  r.post(
    "/api/account/delete",
    {
      schema: {
        operationId: "deleteAccount",
        summary: "Delete the account (the password again); signs out everywhere.",
        tags: ["account"],
        body: deleteAccountSchema,
        response: { 204: z.null().describe("Deleted and signed out."), ...refusals },
      },
    },
    async (request, reply) => {
      await deleteAccount(db, userIdOf(request), request.body.password);
      await endSession(db, config, request, reply);
      return reply.status(204).send(null);
    },
  );
}
