import type { Transporter } from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * `<…@host>`: the same message sent again (a retried job) carries the same id, so mail
   * clients and servers can tell it is one message.
   */
  messageId?: string;
  /** An https URL answering a one-click POST (RFC 8058): List-Unsubscribe and its -Post header. */
  unsubscribeUrl?: string;
}

export interface Mailer {
  /** Resolves once the SMTP server accepted the message; throws MailRefusedError or otherwise. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * The SMTP server refused this message for good (a 5xx answer, such as an unknown mailbox):
 * trying again would get the same answer. Anything else thrown by send() is worth a retry.
 */
export class MailRefusedError extends Error {
  constructor(
    message: string,
    readonly responseCode: number,
  ) {
    super(message);
    this.name = "MailRefusedError";
  }
}

const TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  // A server that goes quiet mid-message must not hold a job for minutes.
  socketTimeout: 30_000,
};

/**
 * E-mail through SMTP (nodemailer): `smtpUrl` is smtp://user:pass@host:port (STARTTLS when the
 * server offers it) or smtps:// (TLS from the start); `from` is the sender shown. Connections
 * are pooled and reused, so a burst of notifications does not open one connection per message.
 */
export function createMailer(options: { smtpUrl: string; from: string }): Mailer {
  // nodemailer is imported with the first message, not at start-up (§58).
  let transport: Promise<Transporter> | undefined;
  let closed = false;
  const connect = () => {
    transport ??= import("nodemailer").then(({ createTransport }) =>
      createTransport(
        { url: options.smtpUrl, pool: true, maxConnections: 3, ...TIMEOUTS },
        { from: options.from },
      ),
    );
    return transport;
  };
  return {
    async send(message) {
      if (closed) throw new Error("the mailer is closed");
      try {
        await (await connect()).sendMail({
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          ...(message.messageId ? { messageId: message.messageId } : {}),
          ...(message.unsubscribeUrl
            ? {
                list: { unsubscribe: message.unsubscribeUrl },
                headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
              }
            : {}),
        });
      } catch (error) {
        const code = (error as { responseCode?: unknown }).responseCode;
        if (typeof code === "number" && code >= 500 && code < 600) {
          throw new MailRefusedError((error as Error).message, code);
        }
        throw error;
      }
    },
    close() {
      closed = true;
      transport?.then(
        (t) => t.close(),
        () => {},
      );
    },
  };
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

export interface MailLayout {
  /** The first line, as a heading. */
  heading: string;
  /** Paragraphs of plain text. */
  paragraphs: string[];
  /** The one button: what it does and the absolute URL it opens. */
  action?: { label: string; url: string };
  /** A second, plainer link beside the button (a reminder's "Can't make it"). */
  secondary?: { label: string; url: string };
  /** Small print at the end (why this came, how to stop it), plain text; URLs stay readable. */
  footer: { text: string; link?: { label: string; url: string } }[];
}

/**
 * The text and HTML of one e-mail from the same parts, so both say the same thing. The HTML is
 * a single column with inline styles (what mail clients render); every text is escaped.
 */
export function renderMail(layout: MailLayout): { text: string; html: string } {
  const footerText = layout.footer.map((line) =>
    line.link ? `${line.text} ${line.link.label}: ${line.link.url}` : line.text,
  );
  const text = [
    layout.heading,
    "",
    ...layout.paragraphs.flatMap((p) => [p, ""]),
    ...(layout.action ? [`${layout.action.label}: ${layout.action.url}`, ""] : []),
    ...(layout.secondary ? [`${layout.secondary.label}: ${layout.secondary.url}`, ""] : []),
    "--",
    ...footerText,
  ].join("\n");

  const paragraph = (p: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1c1917">${escapeHtml(p)}</p>`;
  const button = layout.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(layout.action.url)}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:#c2410c;color:#ffffff;font-weight:600;text-decoration:none">${escapeHtml(layout.action.label)}</a></p>`
    : "";
  const secondary = layout.secondary
    ? `<p style="margin:0 0 24px"><a href="${escapeHtml(layout.secondary.url)}" style="color:#c2410c;font-weight:600">${escapeHtml(layout.secondary.label)}</a></p>`
    : "";
  const footer = layout.footer
    .map(
      (line) =>
        `<p style="margin:0 0 8px;font-size:13px;line-height:20px;color:#57534e">${escapeHtml(line.text)}${
          line.link
            ? ` <a href="${escapeHtml(line.link.url)}" style="color:#c2410c">${escapeHtml(line.link.label)}</a>`
            : ""
        }</p>`,
    )
    .join("");
  const html = `<!doctype html><html><body style="margin:0;padding:24px;background:#fafaf9;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif"><div style="max-width:560px;margin:0 auto;padding:24px;border-radius:12px;background:#ffffff"><h1 style="margin:0 0 16px;font-size:20px;line-height:28px;color:#1c1917">${escapeHtml(layout.heading)}</h1>${layout.paragraphs.map(paragraph).join("")}${button}${secondary}<hr style="margin:24px 0;border:none;border-top:1px solid #e7e5e4">${footer}</div></body></html>`;
  return { text, html };
}
