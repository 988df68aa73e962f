import type { CoOrganizers } from "@common/organizer-tools.ts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api.ts";
import { useAuth } from "@/lib/auth/use-auth.ts";

/** GET /api/runs/{id}/co-organizers: shared by the run page and the pages of its dates. */
export const coOrganizersQuery = (runId: number) =>
  queryOptions({
    queryKey: [`/api/runs/${runId}/co-organizers`],
    queryFn: getQueryFn<CoOrganizers>({ on401: "throw" }),
  });

/**
 * Whether the signed-in player may use an organizer's tools on a game: its organizer, or a
 * co-organizer of the run it is a date of (decisions 104 and 105; the server checks the same in
 * server/db/organizers.ts). Asks the run's co-organizers only for a run's date.
 */
export function useOrganizes(
  game: { organizerId: string; runId: number | null } | undefined,
): boolean {
  const { user } = useAuth();
  const runId = game?.runId ?? null;
  const organizer = Boolean(user && game && game.organizerId === user.id);
  const helpers = useQuery({
    ...coOrganizersQuery(runId ?? 0),
    enabled: Boolean(user) && runId !== null && !organizer,
  });
  if (organizer) return true;
  return Boolean(user && runId !== null && helpers.data?.coOrganizers.includes(user.id));
}
