import type {
  ConditionConfirmInput,
  ConditionReport,
  ConditionReportValues,
} from "@common/court-conditions.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiErrorOf, apiRequest } from "@/lib/api.ts";
import { withPositionIfRefused } from "@/lib/current-position.ts";
import { conditionsQuery } from "./conditions-query.ts";

/** POST /api/courts/{id}/conditions; 201 a new report, 200 when it confirmed a live one. */
export function useReportCondition(courtId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ConditionReportValues) => {
      const response = await apiRequest("POST", `/api/courts/${courtId}/conditions`, input);
      return {
        report: (await response.json()) as ConditionReport,
        created: response.status === 201,
      };
    },
    onSettled: () => queryClient.invalidateQueries(conditionsQuery(courtId)),
  });
}

/**
 * POST /api/court-conditions/{id}/confirm: as a player checked in here, else (403) with the
 * browser's position to show the player is at the court.
 */
export function useConfirmCondition(courtId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reportId: number) =>
      withPositionIfRefused(
        async (position): Promise<ConditionReport> => {
          const body: ConditionConfirmInput = position ? { position } : {};
          return (
            await apiRequest("POST", `/api/court-conditions/${reportId}/confirm`, body)
          ).json();
        },
        (error) => apiErrorOf(error)?.status === 403,
      ),
    onSettled: () => queryClient.invalidateQueries(conditionsQuery(courtId)),
  });
}
