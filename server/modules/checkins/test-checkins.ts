import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { courtCheckIns, courts } from "../../db/schema.ts";
import { DEFAULT_PASSWORD, sessionCookieOf, uniqueEmail } from "../../test-support/test-app.ts";

let lastAddress = 0;

/**
 * A signed-up player: their session cookie and user id. Each signs up from its own address,
 * so the sign-up rate limit (per address) never stops a test that needs many players.
 */
export async function signedUpPlayer(app: FastifyInstance) {
  lastAddress += 1;
  const response = await app.inject({
    method: "POST",
    url: "/api/signup",
    payload: {
      firstName: "Test",
      lastName: "Bro",
      email: uniqueEmail(),
      password: DEFAULT_PASSWORD,
    },
    remoteAddress: `10.9.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`,
  });
  const cookie = sessionCookieOf(response);
  const me = await app.inject({ url: "/api/auth/user", headers: { cookie } });
  return { cookie, id: (me.json() as { id: string }).id };
}

export const postCheckIn = (app: FastifyInstance, cookie: string | undefined, body: unknown) =>
  app.inject({
    method: "POST",
    url: "/api/checkin",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(body),
  });

export const postCheckOut = (app: FastifyInstance, cookie: string) =>
  app.inject({ method: "POST", url: "/api/checkout", headers: { cookie } });

export async function activePlayersOf(db: Db, courtId: number): Promise<number> {
  const [row] = await db
    .select({ n: courts.activePlayers })
    .from(courts)
    .where(eq(courts.id, courtId));
  return row?.n ?? -1;
}

export async function openCheckInsAt(db: Db, courtId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(courtCheckIns)
    .where(sql`${courtCheckIns.courtId} = ${courtId} and ${courtCheckIns.checkedOutAt} is null`);
  return row?.n ?? -1;
}

/** Moves a player's open check-in back in time, as if it had begun `hours` ago. */
export async function backdateOpenCheckIn(db: Db, userId: string, hours: number) {
  await db
    .update(courtCheckIns)
    .set({ checkedInAt: sql`now() - make_interval(mins => ${Math.round(hours * 60)})` })
    .where(sql`${courtCheckIns.userId} = ${userId} and ${courtCheckIns.checkedOutAt} is null`);
}
