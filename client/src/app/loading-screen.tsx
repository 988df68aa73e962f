import { LoaderCircle } from "lucide-react";

/** The spinner and its text, announced politely to screen readers as a status. */
export function LoadingIndicator() {
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-16 text-muted-foreground">
      <LoaderCircle className="size-8 animate-spin text-primary" aria-hidden="true" />
      <span>Loading...</span>
    </div>
  );
}

/** The whole screen while the auth state is loading (product §2). */
export function LoadingScreen() {
  return (
    <main className="grid min-h-screen place-items-center">
      <LoadingIndicator />
    </main>
  );
}
