import { createHmac, timingSafeEqual } from "node:crypto";
import { NOTIFICATION_SETTING_NAMES, type NotificationSetting } from "../../../common/settings.ts";
import { type MailMessage, renderMail } from "../../lib/mail.ts";
import type { Rendered } from "./kinds.ts";

const SETTINGS = Object.keys(NOTIFICATION_SETTING_NAMES) as NotificationSetting[];

function mac(secret: string, userId: string, setting: NotificationSetting): string {
  return createHmac("sha256", secret)
    .update(`unsubscribe\u0000${userId}\u0000${setting}`)
    .digest("base64url");
}

/**
 * The token of a one-click unsubscribe link: it names the player and the switch to turn off,
 * signed with SESSION_SECRET, so nobody can switch off another player's e-mails by guessing.
 */
export function unsubscribeToken(
  secret: string,
  userId: string,
  setting: NotificationSetting,
): string {
  return `${userId}.${setting}.${mac(secret, userId, setting)}`;
}

export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; setting: NotificationSetting } | null {
  const [userId, setting, signature, ...rest] = token.split(".");
  if (!userId || !setting || !signature || rest.length > 0) return null;
  if (!SETTINGS.includes(setting as NotificationSetting)) return null;
  const expected = Buffer.from(mac(secret, userId, setting as NotificationSetting));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, setting: setting as NotificationSetting };
}

/** `<notification-12@bros.example.com>`: a retried delivery sends the very same message id. */
export function notificationMessageId(notificationId: number, publicUrl: string): string {
  return `<notification-${notificationId}@${new URL(publicUrl).hostname}>`;
}

/**
 * One notification as an e-mail: its texts, a button that opens what it is about, and a way to
 * stop this kind — the switch that governs it, or the Email switch for kinds without one — both
 * as a Settings link and as a one-click List-Unsubscribe.
 */
export function notificationEmail(input: {
  notificationId: number;
  to: string;
  rendered: Rendered;
  link: string;
  /** A second link, to a page that offers the notice's one-tap action. */
  action?: { label: string; path: string } | null;
  setting: NotificationSetting | null;
  userId: string;
  publicUrl: string;
  secret: string;
}): MailMessage {
  const setting = input.setting ?? "email";
  const token = unsubscribeToken(input.secret, input.userId, setting);
  const settingsUrl = `${input.publicUrl}/settings`;
  const stop =
    setting === "email"
      ? "Don't want these by e-mail? Switch Email off in Settings; they stay in the app."
      : `Don't want these? Switch ${NOTIFICATION_SETTING_NAMES[setting]} off in Settings.`;
  const { text, html } = renderMail({
    heading: input.rendered.title,
    paragraphs: [input.rendered.body],
    action: { label: "Open in Ball with the Bros", url: `${input.publicUrl}${input.link}` },
    ...(input.action
      ? { secondary: { label: input.action.label, url: `${input.publicUrl}${input.action.path}` } }
      : {}),
    footer: [
      { text: "You get this e-mail because you play on Ball with the Bros." },
      { text: stop, link: { label: "Settings", url: settingsUrl } },
    ],
  });
  return {
    to: input.to,
    subject: input.rendered.title,
    text,
    html,
    messageId: notificationMessageId(input.notificationId, input.publicUrl),
    unsubscribeUrl: `${input.publicUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
  };
}
