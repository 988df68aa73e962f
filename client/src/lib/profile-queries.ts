import type { PlayerBadge, PlayerStats, RecentGame } from "@common/profile.ts";
import type { Profile } from "@common/user.ts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn, HttpError } from "@/lib/api.ts";
import { useAuth } from "@/lib/auth/use-auth.ts";

const readProfile = getQueryFn<Profile>({ on401: "throw" });

/** GET /api/user/profile; a player without a profile gets 404, read here as `null`. */
export const userProfileQuery = queryOptions({
  queryKey: ["/api/user/profile"],
  queryFn: async (context): Promise<Profile | null> => {
    try {
      return await readProfile(context);
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return null;
      throw error;
    }
  },
});

/** GET /api/user/stats: games, courts and bros counted from real games and check-ins. */
export const userStatsQuery = queryOptions({
  queryKey: ["/api/user/stats"],
  queryFn: getQueryFn<PlayerStats>({ on401: "throw" }),
});

/** GET /api/user/games: the caller's games, newest first. */
export const userGamesQuery = queryOptions({
  queryKey: ["/api/user/games"],
  queryFn: getQueryFn<RecentGame[]>({ on401: "throw" }),
});

/** GET /api/user/achievements: the badges the caller has earned. */
export const userAchievementsQuery = queryOptions({
  queryKey: ["/api/user/achievements"],
  queryFn: getQueryFn<PlayerBadge[]>({ on401: "throw" }),
});

/**
 * The caller's profile, or null without one. The current user already says whether there is
 * a profile; without one the answer would be a 404, which browsers log as an error on every
 * page showing a profile widget, so it is not asked: the answer is null (a placeholder, not
 * cached, so the profile is fetched as soon as the current user has one).
 */
export function useUserProfile() {
  const { user } = useAuth();
  const hasProfile = Boolean(user?.hasProfile);
  return useQuery({
    ...userProfileQuery,
    enabled: hasProfile,
    placeholderData: user && !hasProfile ? null : undefined,
  });
}
export const useUserStats = () => useQuery(userStatsQuery);
export const useUserGames = () => useQuery(userGamesQuery);
export const useUserAchievements = () => useQuery(userAchievementsQuery);
