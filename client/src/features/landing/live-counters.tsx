import type { Metrics } from "@common/metrics.ts";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { formatCount } from "@/lib/format-count.ts";
import { useMetrics } from "./metrics-query.ts";

/** Spec §2/§9: the landing page's counters and what each shows when its value is missing. */
export const LANDING_COUNTERS = [
  { key: "activeUsers", label: "Active Bros", fallback: 127 },
  { key: "totalCourts", label: "Live Courts", fallback: 43 },
  { key: "gamesPlayed", label: "Games Played", fallback: 89 },
] as const satisfies readonly { key: keyof Metrics; label: string; fallback: number }[];

const isCount = (value: unknown): value is number =>
  typeof value === "number" && Number.isFinite(value);

/**
 * Active Bros, Live Courts and Games Played from GET /api/metrics. A counter falls back only
 * when its own value is missing (the call failed, or the answer lacks it): a real 0 shows 0.
 * Before the first answer the numbers are placeholders, so a fallback never flashes by.
 */
export function LiveCounters() {
  const { data, isPending, isError } = useMetrics();
  const loading = isPending && !isError;
  return (
    <dl aria-busy={loading} className="mx-auto grid w-full max-w-2xl grid-cols-3 gap-3 sm:gap-6">
      {LANDING_COUNTERS.map(({ key, label, fallback }) => {
        const value = data?.[key];
        return (
          <div
            key={key}
            className="flex flex-col-reverse items-center rounded-xl border bg-background/80 px-2 py-4 shadow-sm"
          >
            <dt className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</dt>
            <dd className="text-2xl font-extrabold text-primary sm:text-4xl">
              {loading ? (
                <>
                  <Skeleton className="my-1 h-7 w-14 sm:h-9" />
                  <span className="sr-only">Loading</span>
                </>
              ) : (
                formatCount(isCount(value) ? value : fallback)
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
