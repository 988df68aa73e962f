import { Button } from "@/components/ui/button.tsx";
import { reloadToUpdate, useUpdateWaiting } from "@/lib/service-worker.ts";

/** A new version is installed and waiting: the player chooses when to switch (a reload). */
export function UpdatePrompt() {
  const waiting = useUpdateWaiting();
  return (
    <div role="status" aria-live="polite">
      {waiting && (
        <div className="fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-md items-center justify-between gap-4 rounded-lg border bg-background p-4 shadow-lg">
          <p className="font-medium text-sm">A new version is available</p>
          <Button size="sm" onClick={reloadToUpdate}>
            Reload
          </Button>
        </div>
      )}
    </div>
  );
}
