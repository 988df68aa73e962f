import type { ReportInput } from "@common/moderation.ts";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api.ts";

/** POST /api/reports. Nothing on screen changes: only operators see reports. */
export function useSendReport() {
  return useMutation({
    mutationFn: async (input: ReportInput): Promise<{ id: number }> =>
      (await apiRequest("POST", "/api/reports", input)).json(),
  });
}
