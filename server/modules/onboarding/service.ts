import { and, eq, isNotNull, notInArray } from "drizzle-orm";
import type { OnboardingProgress, SavedLocation } from "../../../common/onboarding.ts";
import { areasOf } from "../../../common/player-location.ts";
import type { Db } from "../../db/client.ts";
import { playerProfiles, userOnboarding, users } from "../../db/schema.ts";

/**
 * Saves the caller's chosen place on their user row and records the onboarding step
 * 'location' as done, in one transaction so the two never disagree. The profile's area
 * follows the city (issue 31): one that is not of the new city is dropped, so the player's
 * location reads the same everywhere. Returns null when the user no longer exists.
 */
export async function saveLocation(
  db: Db,
  userId: string,
  location: SavedLocation,
): Promise<SavedLocation | null> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const updated = await tx
      .update(users)
      .set({ ...location, updatedAt: now })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (updated.length === 0) return null;
    await tx
      .update(playerProfiles)
      .set({ location: null, updatedAt: now })
      .where(
        and(
          eq(playerProfiles.userId, userId),
          isNotNull(playerProfiles.location),
          notInArray(playerProfiles.location, areasOf(location)),
        ),
      );
    await tx
      .insert(userOnboarding)
      .values({ userId, step: "location", completedAt: now, data: location })
      .onConflictDoUpdate({
        target: [userOnboarding.userId, userOnboarding.step],
        set: { completedAt: now, data: location, updatedAt: now },
      });
    return location;
  });
}

/**
 * Spec §2: location is done when the user has a city, profile when a profile exists, and
 * preferences never (it is 'coming soon'); the flow starts at the first step not done.
 */
export async function onboardingProgress(
  db: Db,
  userId: string,
): Promise<OnboardingProgress | null> {
  const [row] = await db
    .select({
      city: users.city,
      hasCompletedOnboarding: users.hasCompletedOnboarding,
      profileId: playerProfiles.id,
    })
    .from(users)
    .leftJoin(playerProfiles, eq(playerProfiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return null;
  const steps = {
    location: Boolean(row.city?.trim()),
    profile: row.profileId !== null,
    preferences: false,
  };
  const currentStep = [steps.location, steps.profile, steps.preferences].indexOf(false);
  return { steps, currentStep, hasCompletedOnboarding: row.hasCompletedOnboarding };
}

/** Marks the caller's onboarding complete; doing it again changes nothing. False: no user. */
export async function completeRegistration(db: Db, userId: string): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ hasCompletedOnboarding: true, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return updated.length > 0;
}
