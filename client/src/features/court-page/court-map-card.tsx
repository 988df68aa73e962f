import type { CourtDetail } from "@common/court-page.ts";
import { lazy, Suspense } from "react";
import { ClientOnly } from "@/components/ui/client-only.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";

// Leaflet is the heaviest part of the page: the facts and sections never wait for it.
const CourtMap = lazy(() => import("./court-map.tsx"));

/** Where the court is: a small map (isolate keeps Leaflet's layers under the sticky headers). */
export function CourtMapCard({ court }: { court: CourtDetail }) {
  return (
    <section
      aria-label={`Map of ${court.name}`}
      className="contain-box isolate h-56 overflow-hidden rounded-lg border md:h-64"
    >
      <ClientOnly fallback={<Skeleton className="size-full rounded-none" />}>
        <Suspense fallback={<Skeleton className="size-full rounded-none" />}>
          <CourtMap court={court} />
        </Suspense>
      </ClientOnly>
    </section>
  );
}
