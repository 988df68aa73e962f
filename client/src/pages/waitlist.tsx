import { PAGES } from "@common/pages.ts";
import { Page } from "@/components/ui/page.tsx";
import { WaitlistSignup } from "@/features/waitlist/waitlist-signup.tsx";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

export default function WaitlistPage() {
  useDocumentTitle(PAGES.waitlist.title);
  return (
    <Page>
      <WaitlistSignup />
    </Page>
  );
}
