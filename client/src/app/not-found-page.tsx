import { PAGE_NOT_FOUND } from "@common/pages.ts";
import { Link } from "wouter";
import { Button } from "@/components/ui/button.tsx";
import { Page } from "@/components/ui/page.tsx";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

export default function NotFoundPage() {
  useDocumentTitle(PAGE_NOT_FOUND);
  return (
    <Page className="flex flex-col items-center py-24 text-center">
      <p className="text-6xl font-extrabold text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{PAGE_NOT_FOUND}</h1>
      <p className="mt-2 max-w-md text-muted-foreground">
        That page is out of bounds. It may have moved, or the link may be wrong.
      </p>
      <Button asChild className="mt-6">
        <Link href="/">Back to home</Link>
      </Button>
    </Page>
  );
}
