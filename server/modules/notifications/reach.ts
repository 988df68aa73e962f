import { type SQL, sql } from "drizzle-orm";
import type { NotificationKind } from "../../../common/notifications.ts";
import { DEFAULT_SETTINGS } from "../../../common/settings.ts";
import { pushSubscriptions, userSettings, users } from "../../db/schema.ts";
import { KINDS } from "./kinds.ts";

/**
 * Who can be reached beyond the bell, the one definition that the delivery job (delivery.ts) and
 * the choice to enqueue it (notify.ts) share. E-mail: the kind goes by e-mail, the server can
 * send mail (SMTP_URL), the player has an address and their Email switch on. Push: the kind goes
 * by push and the player has a subscribed device (the VAPID keys are made on first use, so push
 * is always configured). A kind's own switch is checked before either (notify.ts, delivery.ts).
 */

const kindsBy = (channel: "email" | "push") =>
  (Object.keys(KINDS) as NotificationKind[]).filter((kind) => KINDS[kind][channel]);

/** The player's address is there and their Email switch on (a player without settings: on). */
export const mailOpenSql: SQL<boolean> = sql<boolean>`(${users.email} is not null and coalesce(${userSettings.emailNotifications}, ${DEFAULT_SETTINGS.notifications.email}))`;

/**
 * Whether this process writes notices for a server that sends e-mail: set from the config by
 * the app and the job runner (both read SMTP_URL). Until one does, assumed so, which only costs
 * a job that finds nothing to send.
 */
let mailConfigured = true;

export function setMailConfigured(on: boolean): void {
  mailConfigured = on;
}

/**
 * True when the notice of `kind` to `userId` (SQL over the caller's rows) could leave the bell:
 * a push to one of the player's devices, or an e-mail as `mailOpenSql` says.
 */
export function reachableSql(userId: SQL, kind: SQL): SQL<boolean> {
  const push = kindsBy("push");
  const email = mailConfigured ? kindsBy("email") : [];
  const listed = (kinds: NotificationKind[]) =>
    sql.join(
      kinds.map((k) => sql`${k}`),
      sql`, `,
    );
  const viaPush = sql`(${kind} in (${listed(push)}) and exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${userId}))`;
  if (email.length === 0) return sql<boolean>`${viaPush}`;
  return sql<boolean>`(${viaPush} or (${kind} in (${listed(email)}) and exists (
      select 1 from ${users} left join ${userSettings} on ${userSettings.userId} = ${users.id}
      where ${users.id} = ${userId} and ${mailOpenSql})))`;
}
