import { safeReturnTo } from "@common/return-to.ts";
import { useSearch } from "wouter";

/**
 * The page to come back to after signing in (`?returnTo=`), carried through onboarding and
 * profile setup; only a path of this site, else undefined.
 */
export function useReturnTo(): string | undefined {
  return safeReturnTo(new URLSearchParams(useSearch()).get("returnTo") ?? undefined);
}
