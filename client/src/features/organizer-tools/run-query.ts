import type { Run } from "@common/runs.ts";
import { queryOptions } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api.ts";

/** GET /api/runs/{id}: the run page's own read (the same key, so one request serves both). */
export const runQuery = (id: number) =>
  queryOptions({
    queryKey: [`/api/runs/${id}`],
    queryFn: getQueryFn<Run>({ on401: "throw" }),
  });
