import { eq, inArray } from "drizzle-orm";
import { DEFAULT_SETTINGS, type Settings, type SettingsPatch } from "../../../common/settings.ts";
import type { Queryable } from "../../db/client.ts";
import { userSettings } from "../../db/schema.ts";

type SettingsRow = typeof userSettings.$inferSelect;

function toSettings(row: SettingsRow): Settings {
  return {
    notifications: {
      gameInvites: row.gameInvites,
      newMessages: row.newMessages,
      courtUpdates: row.courtUpdates,
      weeklyStats: row.weeklyStats,
      email: row.emailNotifications,
    },
    privacy: {
      showLocation: row.showLocation,
      showStats: row.showStats,
      allowFriendRequests: row.allowFriendRequests,
    },
  };
}

const defaults = (): Settings => structuredClone(DEFAULT_SETTINGS);

/** The caller's settings; a player who never saved any has product §2's defaults (no row). */
export async function getSettings(db: Queryable, userId: string): Promise<Settings> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  return row ? toSettings(row) : defaults();
}

/**
 * Applies the given switches and keeps the others. One upsert: the first save creates the row
 * from the column defaults (the spec's) plus the change, so two saves at once cannot both try
 * to create it.
 */
export async function updateSettings(
  db: Queryable,
  userId: string,
  patch: SettingsPatch,
): Promise<Settings> {
  const { email, ...kinds } = patch.notifications ?? {};
  const changes = {
    ...kinds,
    ...(email === undefined ? {} : { emailNotifications: email }),
    ...patch.privacy,
  };
  if (Object.keys(changes).length === 0) return getSettings(db, userId);
  const [row] = await db
    .insert(userSettings)
    .values({ userId, ...changes })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...changes, updatedAt: new Date() } })
    .returning();
  if (!row) throw new Error("settings upsert returned no row");
  return toSettings(row);
}

export type Privacy = Settings["privacy"];

/**
 * Privacy of several players at once, for modules that show players to others (nearby
 * players, maps, profiles, leaderboards): every id asked for is in the map, with the defaults
 * when that player saved nothing.
 */
export async function getPrivacy(
  db: Queryable,
  userIds: readonly string[],
): Promise<Map<string, Privacy>> {
  const privacy = new Map<string, Privacy>();
  for (const id of userIds) privacy.set(id, { ...DEFAULT_SETTINGS.privacy });
  if (userIds.length === 0) return privacy;
  const rows = await db
    .select()
    .from(userSettings)
    .where(inArray(userSettings.userId, [...new Set(userIds)]));
  for (const row of rows) privacy.set(row.userId, toSettings(row).privacy);
  return privacy;
}
