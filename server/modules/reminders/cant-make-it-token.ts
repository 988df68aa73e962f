import { createHmac, timingSafeEqual } from "node:crypto";
import { CANT_MAKE_IT_TOKEN } from "../../../common/reminders.ts";

export type ReminderLead = 24 | 2;

/** Whose seat, in which game, from which reminder of which start. */
export type CantMakeIt = { gameId: number; lead: ReminderLead; startMs: number; userId: string };

const statement = (c: CantMakeIt) => `${c.gameId}.${c.lead}.${c.startMs}.${c.userId}`;

function mac(secret: string, text: string): string {
  return createHmac("sha256", secret).update(`cant-make-it\u0000${text}`).digest("base64url");
}

/**
 * A "Can't make it" token, signed with SESSION_SECRET: it names one player's seat in one game, so
 * nobody can free another player's seat by guessing. It is used once (cant_make_it_uses).
 */
export function cantMakeItToken(secret: string, c: CantMakeIt): string {
  const text = statement(c);
  return `${text}.${mac(secret, text)}`;
}

/** The seat a token names; null when it is malformed or not signed by this server. */
export function readCantMakeItToken(secret: string, token: string): CantMakeIt | null {
  if (!CANT_MAKE_IT_TOKEN.test(token)) return null;
  const at = token.lastIndexOf(".");
  const [text, signature] = [token.slice(0, at), token.slice(at + 1)];
  const expected = Buffer.from(mac(secret, text));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [gameId, lead, startMs, userId] = text.split(".");
  return {
    gameId: Number(gameId),
    lead: Number(lead) as ReminderLead,
    startMs: Number(startMs),
    userId: userId ?? "",
  };
}
