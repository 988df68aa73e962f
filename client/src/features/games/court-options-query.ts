import type { Court } from "@common/courts.ts";
import { queryOptions } from "@tanstack/react-query";
import { getList } from "@/lib/api.ts";

/** How many matching courts the picker lists; typing narrows the rest down. */
export const COURTS_SHOWN = 8;
const FIVE_MINUTES = 5 * 60 * 1000;

type Here = { latitude: number | null; longitude: number | null } | null | undefined;

/**
 * GET /api/courts for the create form's Court: the courts matching the search (every court,
 * searched on the server), nearest first when the player's position is known, else by name.
 */
export function courtOptionsQuery(search: string, here: Here) {
  const params = new URLSearchParams({ limit: String(COURTS_SHOWN) });
  if (search) params.set("q", search);
  if (here?.latitude != null && here.longitude != null) {
    params.set("near", `${here.latitude},${here.longitude}`);
  } else {
    params.set("sort", "name");
  }
  const url = `/api/courts?${params}`;
  return queryOptions({
    queryKey: [url],
    staleTime: FIVE_MINUTES,
    queryFn: () => getList<Court>(url),
  });
}

/** GET /api/courts?ids=: one court by id (a link's ?courtId=); none when it is not listed. */
export function courtByIdQuery(id: number) {
  const url = `/api/courts?ids=${id}`;
  return queryOptions({
    queryKey: [url],
    staleTime: FIVE_MINUTES,
    queryFn: async () => (await getList<Court>(url)).items[0] ?? null,
  });
}
