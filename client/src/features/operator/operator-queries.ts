import type { ContactMessage } from "@common/contact.ts";
import type {
  AuditEntry,
  OperatorAction,
  OperatorReport,
  ResolveReportInput,
} from "@common/moderation.ts";
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import { apiRequest, getQueryFn } from "@/lib/api.ts";

/** GET /api/operator/me: whether the caller is an operator. */
export const operatorMeQuery = () =>
  queryOptions({
    queryKey: ["/api/operator/me"],
    queryFn: getQueryFn<{ operator: boolean }>({ on401: "throw" }),
  });

/** GET /api/operator/reports: the open reports, oldest first (403 for non-operators). */
export const openReportsQuery = () =>
  queryOptions({
    queryKey: ["/api/operator/reports"],
    queryFn: getQueryFn<OperatorReport[]>({ on401: "throw" }),
  });

/** GET /api/operator/messages: the contact form's latest messages (decision 117). */
export const contactMessagesQuery = () =>
  queryOptions({
    queryKey: ["/api/operator/messages"],
    queryFn: getQueryFn<ContactMessage[]>({ on401: "throw" }),
  });

type AuditPage = { items: AuditEntry[]; nextBefore: number | null };

/** GET /api/operator/audit: newest first; `before` pages on to older entries. */
export const auditLogQuery = () =>
  infiniteQueryOptions({
    queryKey: ["/api/operator/audit"],
    initialPageParam: null as number | null,
    queryFn: async ({ pageParam }): Promise<AuditPage> => {
      const url = `/api/operator/audit${pageParam === null ? "" : `?before=${pageParam}`}`;
      return (await apiRequest("GET", url)).json();
    },
    getNextPageParam: (last) => last.nextBefore,
  });

/**
 * POST /api/operator/reports/{id}/resolve. Whatever the answer (a 409 included: another
 * operator acted), the open reports and the log are read again, so the page shows what is true.
 */
export function useResolveReport(reportId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ResolveReportInput): Promise<{ action: OperatorAction }> =>
      (await apiRequest("POST", `/api/operator/reports/${reportId}/resolve`, input)).json(),
    // Not awaited: the dialog closes first, then its card may leave the refreshed list.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: openReportsQuery().queryKey });
      void queryClient.invalidateQueries({ queryKey: auditLogQuery().queryKey });
    },
  });
}
