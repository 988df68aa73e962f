import type { Court } from "@common/courts.ts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api.ts";

/** GET /api/courts/popular: courts by live players, then rating (the server ranks them). */
export const popularCourtsQuery = queryOptions({
  queryKey: ["/api/courts/popular"],
  queryFn: getQueryFn<Court[]>({ on401: "throw" }),
});

export const usePopularCourts = () => useQuery(popularCourtsQuery);
