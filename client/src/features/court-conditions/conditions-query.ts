import type { ConditionReport } from "@common/court-conditions.ts";
import { queryOptions } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api.ts";

/** GET /api/courts/{id}/conditions: the live reports; they lapse, so re-read after a minute. */
export const conditionsQuery = (courtId: number) =>
  queryOptions({
    queryKey: [`/api/courts/${courtId}/conditions`],
    queryFn: getQueryFn<ConditionReport[]>({ on401: "throw" }),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
