import { eq, sql } from "drizzle-orm";
import type { CurrentUser, Profile } from "../../../common/user.ts";
import type { Queryable } from "../../db/client.ts";
import { playerProfiles, userCredentials, users } from "../../db/schema.ts";

type ProfileRow = typeof playerProfiles.$inferSelect;

export function toProfile(row: ProfileRow): Profile {
  return {
    id: row.id,
    userId: row.userId,
    nickname: row.nickname,
    primaryPosition: row.primaryPosition,
    secondaryPosition: row.secondaryPosition,
    skillHandles: row.skillHandles,
    skillShot: row.skillShot,
    skillIq: row.skillIq,
    skillVert: row.skillVert,
    skillDefense: row.skillDefense,
    location: row.location,
    isAvailable: row.isAvailable,
    gamesPlayed: row.gamesPlayed,
    courtsVisited: row.courtsVisited,
    brosConnected: row.brosConnected,
  };
}

/**
 * The columns of the signed-in user as product §3 reads it: users left-joined to their profile and
 * their built-in credentials (a join the caller writes, see `getCurrentUser`).
 */
export const currentUserColumns = {
  user: users,
  profile: playerProfiles,
  builtInAccount: sql<boolean>`${userCredentials.userId} is not null`,
};

type CurrentUserRow = {
  user: typeof users.$inferSelect;
  profile: ProfileRow | null;
  builtInAccount: boolean;
};

/** Fields are picked one by one so nothing else leaks. */
export function toCurrentUser({ user, profile, builtInAccount }: CurrentUserRow): CurrentUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    emailConfirmed: user.emailConfirmedAt !== null,
    pendingEmail: user.pendingEmail,
    builtInAccount: Boolean(builtInAccount),
    profileImageUrl: user.profileImageUrl,
    hasProfile: profile !== null,
    hasCompletedOnboarding: user.hasCompletedOnboarding,
    city: user.city,
    state: user.state,
    country: user.country,
    latitude: user.latitude,
    longitude: user.longitude,
    profile: profile ? toProfile(profile) : null,
    createdAt: user.createdAt.toISOString(),
  };
}

/** The signed-in user as product §3 reads it. */
export async function getCurrentUser(db: Queryable, userId: string): Promise<CurrentUser | null> {
  const [row] = await db
    .select(currentUserColumns)
    .from(users)
    .leftJoin(playerProfiles, eq(playerProfiles.userId, users.id))
    .leftJoin(userCredentials, eq(userCredentials.userId, users.id))
    .where(eq(users.id, userId));
  return row && !row.user.deletedAt ? toCurrentUser(row) : null;
}
