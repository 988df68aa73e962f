import type { Queryable } from "../../db/client.ts";
import { courts, games, users } from "../../db/schema.ts";
import { timeZoneAt } from "../../lib/time-zone.ts";

type CourtRow = typeof courts.$inferInsert;
type GameRow = typeof games.$inferInsert;

/** Inserts one court with the schema's defaults unless overridden; returns its id. */
export async function insertCourt(db: Queryable, overrides: Partial<CourtRow> = {}) {
  const place = { latitude: 34.05, longitude: -118.25, ...overrides };
  const [row] = await db
    .insert(courts)
    .values({
      name: "Test Court",
      timeZone: timeZoneAt(place.latitude, place.longitude),
      ...place,
    })
    .returning({ id: courts.id });
  if (!row) throw new Error("insert returned no court");
  return row.id;
}

/** A user without credentials, to organise games. */
export async function insertOrganizer(db: Queryable) {
  const [row] = await db.insert(users).values({ firstName: "Org" }).returning({ id: users.id });
  if (!row) throw new Error("insert returned no user");
  return row.id;
}

export async function insertGame(
  db: Queryable,
  values: Pick<GameRow, "courtId" | "organizerId" | "scheduledAt"> & Partial<GameRow>,
) {
  const [row] = await db.insert(games).values(values).returning({ id: games.id });
  if (!row) throw new Error("insert returned no game");
  return row.id;
}
