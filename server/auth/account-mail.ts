import type { FastifyBaseLogger } from "fastify";
import { PRODUCT_NAME } from "../../common/constants.ts";
import { type Mailer, type MailMessage, renderMail } from "../lib/mail.ts";

/** The account e-mails: each is a message to one address, most with one link. */
export type AccountMail =
  | { kind: "confirm_email"; to: string; link: string }
  | { kind: "address_taken"; to: string; signInUrl: string; resetUrl: string }
  | { kind: "reset_password"; to: string; link: string }
  | { kind: "change_email"; to: string; link: string }
  | { kind: "email_change_requested"; to: string; newEmail: string; resetUrl: string }
  | { kind: "password_changed"; to: string; resetUrl: string }
  | { kind: "sign_in_link"; to: string; link: string }
  | { kind: "sign_in_attack"; to: string; resetUrl: string };

const WHY = "You get this e-mail because of an action on your account.";
const NOT_YOU = "If this was not you, you can ignore this e-mail.";

/** The texts of each account e-mail, in the layout of the notification e-mails. */
export function accountMailMessage(mail: AccountMail): MailMessage {
  const footer = [{ text: `${WHY} ${PRODUCT_NAME}.` }];
  const build = (subject: string, layout: Omit<Parameters<typeof renderMail>[0], "footer">) => ({
    to: mail.to,
    subject,
    ...renderMail({ ...layout, footer }),
  });
  switch (mail.kind) {
    case "confirm_email":
      return build(`Confirm your e-mail address · ${PRODUCT_NAME}`, {
        heading: "Confirm your e-mail address",
        paragraphs: [
          `Open the link to confirm this address for your ${PRODUCT_NAME} account. It works once, for 48 hours.`,
          NOT_YOU,
        ],
        action: { label: "Confirm my address", url: mail.link },
      });
    case "address_taken":
      return build(`Someone tried to sign up with your address · ${PRODUCT_NAME}`, {
        heading: "Someone tried to create an account with your address",
        paragraphs: [
          `Someone just created a ${PRODUCT_NAME} account with this e-mail address, which already belongs to your account. That new account cannot use your address.`,
          "If it was you, sign in to your account instead, or reset your password if you forgot it.",
        ],
        action: { label: "Reset my password", url: mail.resetUrl },
      });
    case "reset_password":
      return build(`Reset your password · ${PRODUCT_NAME}`, {
        heading: "Reset your password",
        paragraphs: [
          "Open the link to choose a new password. It works once, for 1 hour, and signs you out everywhere else.",
          `${NOT_YOU} Your password stays as it is.`,
        ],
        action: { label: "Choose a new password", url: mail.link },
      });
    case "change_email":
      return build(`Confirm your new e-mail address · ${PRODUCT_NAME}`, {
        heading: "Confirm your new e-mail address",
        paragraphs: [
          `Open the link to make this the address of your ${PRODUCT_NAME} account. It works once, for 24 hours.`,
          NOT_YOU,
        ],
        action: { label: "Use this address", url: mail.link },
      });
    case "email_change_requested":
      return build(`Your e-mail address is being changed · ${PRODUCT_NAME}`, {
        heading: "Your e-mail address is being changed",
        paragraphs: [
          `Someone signed in to your account asked to change its address to ${mail.newEmail}. It changes once the link sent there is opened.`,
          "If this was not you, reset your password now: that signs everyone else out.",
        ],
        action: { label: "Reset my password", url: mail.resetUrl },
      });
    case "sign_in_link":
      return build(`Your sign-in link · ${PRODUCT_NAME}`, {
        heading: "Sign in with this link",
        paragraphs: [
          "Open the link to sign in to your account on the browser that asked for it. It works once, for 15 minutes.",
          NOT_YOU,
        ],
        action: { label: "Sign me in", url: mail.link },
      });
    case "sign_in_attack":
      return build(`Many wrong passwords for your account · ${PRODUCT_NAME}`, {
        heading: "Someone is trying many passwords on your account",
        paragraphs: [
          "Your account just saw a great many wrong passwords, so sign-ins from new browsers are paused for 15 minutes. Your own browsers still get in, and the sign-in page can e-mail you a one-time sign-in link.",
          "If your password is weak or used elsewhere, choose a new one.",
        ],
        action: { label: "Choose a new password", url: mail.resetUrl },
      });
    case "password_changed":
      return build(`Your password was changed · ${PRODUCT_NAME}`, {
        heading: "Your password was changed",
        paragraphs: [
          "The password of your account was just changed, and every other session was signed out.",
          "If this was not you, reset your password now.",
        ],
        action: { label: "Reset my password", url: mail.resetUrl },
      });
  }
}

type Log = Pick<FastifyBaseLogger, "info" | "warn">;

/**
 * Sends account e-mails after the change that asked for them committed, without making the
 * request wait: the answer takes as long whether or not a mail goes out, so its timing tells
 * nobody whether an address is known. A mail lost to a crash at that moment is asked for again
 * (Resend, Forgot password?). Without SMTP the link is logged in development only; a log in
 * production would hold live links.
 */
export class AccountMailer {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly mailer: Mailer | null,
    private readonly log: Log,
    private readonly env: "development" | "production" | "test",
  ) {}

  send(mail: AccountMail): void {
    const message = accountMailMessage(mail);
    if (!this.mailer) {
      if (this.env === "development") {
        const link = "link" in mail ? mail.link : undefined;
        this.log.info(
          { mail: mail.kind, link },
          `account e-mail (SMTP_URL not set): ${message.subject}`,
        );
      } else if (this.env === "production") {
        this.log.warn({ mail: mail.kind }, "account e-mail not sent: SMTP_URL is not set");
      }
      return;
    }
    const sending = this.mailer
      .send(message)
      .catch((error: unknown) =>
        this.log.warn({ err: error, mail: mail.kind }, "account e-mail failed"),
      )
      .finally(() => this.pending.delete(sending));
    this.pending.add(sending);
  }

  /** Resolves when every mail handed over so far was sent or failed (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  async close(): Promise<void> {
    await this.idle();
    this.mailer?.close();
  }
}

/** The absolute URLs account e-mails link to. */
export function accountLinks(publicUrl: string) {
  const withToken = (path: string) => (token: string) =>
    `${publicUrl}${path}?token=${encodeURIComponent(token)}`;
  return {
    confirmEmail: withToken("/api/account/confirm-email"),
    changeEmail: withToken("/api/account/new-email"),
    resetPassword: withToken("/api/login/reset"),
    signInLink: withToken("/api/login/link"),
    forgotPassword: `${publicUrl}/api/login/forgot`,
    signIn: `${publicUrl}/api/login`,
  };
}
export type AccountLinks = ReturnType<typeof accountLinks>;

/** What services that send account e-mail need. */
export interface AccountMailDeps {
  mail: AccountMailer;
  links: AccountLinks;
}
