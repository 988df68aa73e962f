import type { FastifyInstance } from "fastify";
import { parseMail, type SmtpSink } from "./smtp-sink.ts";

export const MAIL_FROM = "Ball with the Bros <games@example.com>";

/** The account e-mails received for one address, parsed (after the app handed all over). */
export async function accountMailsTo(app: FastifyInstance, smtp: SmtpSink, address: string) {
  await app.accountMail.idle();
  const mine = smtp.received.filter(
    (m) => m.to.includes(address.toLowerCase()) || m.to.includes(address),
  );
  return Promise.all(
    mine.map(async (m) => {
      const parsed = await parseMail(m);
      return { subject: parsed.subject ?? "", text: parsed.text ?? "", html: String(parsed.html) };
    }),
  );
}

/** The token of the one link to `path` in an e-mail's text. */
export function tokenIn(text: string, path: string): string {
  const match = text.match(
    new RegExp(`https?://[^\\s]+${path.replaceAll("/", "\\/")}\\?token=([\\w%-]+)`),
  );
  if (!match?.[1]) throw new Error(`no ${path} link in: ${text}`);
  return decodeURIComponent(match[1]);
}

/** A form post as the server-rendered pages send it. */
export function postForm(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string>,
  cookie?: string,
) {
  return app.inject({
    method: "POST",
    url,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(cookie ? { cookie } : {}),
    },
    payload: new URLSearchParams(fields).toString(),
  });
}
