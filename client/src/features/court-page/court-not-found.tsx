import { Link } from "wouter";
import { Button } from "@/components/ui/button.tsx";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

/** A court id that names no court: say so, and lead back to the directory. */
export function CourtNotFound() {
  useDocumentTitle("Court not found");
  return (
    <div className="mx-auto max-w-md space-y-4 py-12 text-center">
      <h1 className="text-3xl font-bold tracking-tight">Court not found</h1>
      <p className="text-muted-foreground">
        There is no court at this address. It may have been mistyped.
      </p>
      <Button asChild>
        <Link href="/courts">Browse Courts</Link>
      </Button>
    </div>
  );
}
