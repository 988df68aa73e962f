import type { OnboardingProgress } from "@common/onboarding.ts";
import { queryOptions } from "@tanstack/react-query";

/** GET /api/onboarding/progress (product §7: only when signed in; the page is signed-in only). */
export const onboardingProgressQuery = queryOptions<OnboardingProgress>({
  queryKey: ["/api/onboarding/progress"],
});
