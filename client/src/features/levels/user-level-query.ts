import type { SkillRatingView } from "@common/skill-rating.ts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api.ts";

/** GET /api/user/level: the caller's learned rating (decision 110). */
export const userLevelQuery = queryOptions({
  queryKey: ["/api/user/level"],
  queryFn: getQueryFn<SkillRatingView>({ on401: "throw" }),
});

export const useUserLevel = () => useQuery(userLevelQuery);
