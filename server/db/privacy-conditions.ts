import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { userSettings } from "./schema.ts";

/**
 * SQL conditions for a query over users: true unless that player switched the choice off.
 * `where(showsLocationSql(users.id))` keeps players hiding their location off maps and nearby
 * lists; `showsStatsSql(users.id)` tells whether their stats may be shown to others. Players
 * without a settings row have the defaults (both on). The subquery is a primary-key lookup.
 */
export function showsLocationSql(userId: AnyColumn | SQL): SQL<boolean> {
  return sql<boolean>`coalesce((select ${userSettings.showLocation} from ${userSettings} where ${userSettings.userId} = ${userId}), true)`;
}

export function showsStatsSql(userId: AnyColumn | SQL): SQL<boolean> {
  return sql<boolean>`coalesce((select ${userSettings.showStats} from ${userSettings} where ${userSettings.userId} = ${userId}), true)`;
}
