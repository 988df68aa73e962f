import { PRODUCT_NAME } from "@common/constants.ts";
import type { WaitlistEntry } from "@common/waitlist.ts";
import { useState } from "react";
import { Card, CardContent } from "@/components/ui/card.tsx";
import { PageHeader } from "@/components/ui/page.tsx";
import { WaitlistConfirmation } from "./waitlist-confirmation.tsx";
import { WaitlistForm } from "./waitlist-form.tsx";

/** The /waitlist journey: the form, then the confirmation once the server has the entry. */
export function WaitlistSignup() {
  const [entry, setEntry] = useState<WaitlistEntry>();
  if (entry) return <WaitlistConfirmation entry={entry} />;
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader
        title="Join the Waitlist"
        description={`${PRODUCT_NAME} is coming to your city. Sign up and be first on the court.`}
      />
      <Card>
        <CardContent className="pt-6">
          <WaitlistForm onJoined={setEntry} />
        </CardContent>
      </Card>
    </div>
  );
}
