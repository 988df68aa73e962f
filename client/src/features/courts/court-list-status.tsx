import { Button } from "@/components/ui/button.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";

type CourtListStatusProps = { isPending: boolean; isError: boolean; onRetry: () => void };

/** What the card grid shows before the list arrives: placeholders, or the failure and a retry. */
export function CourtListStatus({ isPending, isError, onRetry }: CourtListStatusProps) {
  if (isError && !isPending) {
    return (
      <div role="alert" className="rounded-lg border border-destructive/40 p-6 text-center">
        <p className="font-semibold">Could not load the courts.</p>
        <p className="text-sm text-muted-foreground">Please check your connection and try again.</p>
        <Button variant="outline" className="mt-4" onClick={onRetry}>
          Try Again
        </Button>
      </div>
    );
  }
  return (
    <div>
      <p role="status" className="sr-only">
        Loading courts...
      </p>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
          <Skeleton key={i} className="h-48" />
        ))}
      </div>
    </div>
  );
}
