import type { Queryable } from "../../db/client.ts";
import { courts, games, playerProfiles, users } from "../../db/schema.ts";

type GameRow = typeof games.$inferInsert;
const HOUR = 60 * 60 * 1000;

/** Rows the metrics count, with only the columns that matter to them. */
export async function addUser(db: Queryable, { withProfile }: { withProfile: boolean }) {
  const [user] = await db.insert(users).values({ firstName: "Metric" }).returning();
  if (!user) throw new Error("insert returned no user");
  if (withProfile) {
    await db
      .insert(playerProfiles)
      .values({ userId: user.id, nickname: "Hooper", primaryPosition: "Center" });
  }
  return user.id;
}

export async function addCourt(db: Queryable, isActive = true) {
  const [court] = await db
    .insert(courts)
    .values({
      name: "Metrics Court",
      latitude: 34,
      longitude: -118,
      timeZone: "America/Los_Angeles",
      isActive,
    })
    .returning({ id: courts.id });
  if (!court) throw new Error("insert returned no court");
  return court.id;
}

/**
 * A game `hoursFromNow` away (negative: in the past); `values` sets other columns, such as
 * status "cancelled" or endedAt (a result recorded early).
 */
export async function addGame(
  db: Queryable,
  place: { courtId: number; organizerId: string },
  hoursFromNow: number,
  values: Pick<Partial<GameRow>, "status" | "endedAt"> = {},
) {
  await db.insert(games).values({
    ...place,
    ...values,
    scheduledAt: new Date(Date.now() + hoursFromNow * HOUR),
  });
}
