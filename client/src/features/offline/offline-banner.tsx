import { WifiOff } from "lucide-react";
import { useOffline } from "@/lib/network-status.ts";

export const OFFLINE_TEXT = "You're offline — showing what you saw last";

/** The region is always there, so screen readers announce the change when it fills. */
export function OfflineBanner() {
  const offline = useOffline();
  return (
    <div role="status" aria-live="polite">
      {offline && (
        <p className="flex items-center justify-center gap-2 bg-foreground px-4 py-2 text-center text-background text-sm">
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          {OFFLINE_TEXT}
        </p>
      )}
    </div>
  );
}
