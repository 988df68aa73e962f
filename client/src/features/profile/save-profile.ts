import type { ProfileInput } from "@common/profile.ts";
import type { Profile } from "@common/user.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api.ts";
import { userProfileQuery, userStatsQuery } from "@/lib/profile-queries.ts";

export type SavedProfile = { profile: Profile; created: boolean };

/** POST /api/profile: 201 when the profile is new, 200 when an existing one was updated. */
export async function saveProfile(input: ProfileInput): Promise<SavedProfile> {
  const response = await apiRequest("POST", "/api/profile", input);
  return { profile: (await response.json()) as Profile, created: response.status === 201 };
}

/** Saves the caller's profile and updates every cached read that shows it. */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: async ({ profile }) => {
      queryClient.setQueryData(userProfileQuery.queryKey, profile);
      await queryClient.invalidateQueries({ queryKey: userStatsQuery.queryKey });
      // Before any result, the level is where the self-rating starts the player.
      await queryClient.invalidateQueries({ queryKey: ["/api/user/level"] });
      // Other players' lists rank by skill and availability, which may have changed.
      await queryClient.invalidateQueries({ queryKey: ["/api/players/nearby"] });
      // Onboarding's profile step is done now; a player back on /onboarding moves past it.
      await queryClient.invalidateQueries({ queryKey: ["/api/onboarding/progress"] });
    },
  });
}
