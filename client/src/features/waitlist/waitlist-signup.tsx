import { PRODUCT_NAME } from "@common/constants.ts";
import {
  WAITLIST_FORM_MESSAGES,
  type WaitlistEntry,
  type WaitlistFormProblem,
} from "@common/waitlist.ts";
import { useState } from "react";
import { useSearch } from "wouter";
import { Card, CardContent } from "@/components/ui/card.tsx";
import { PageHeader } from "@/components/ui/page.tsx";
import { WaitlistConfirmation } from "./waitlist-confirmation.tsx";
import { WaitlistForm } from "./waitlist-form.tsx";

const isProblem = (value: string | null): value is WaitlistFormProblem =>
  value !== null && Object.hasOwn(WAITLIST_FORM_MESSAGES, value);

/**
 * The /waitlist journey: the form, then the confirmation once the server has the entry. A
 * plain form post comes back as `?joined=1` or `?problem=` (POST /api/waitlist/form).
 */
export function WaitlistSignup() {
  const [entry, setEntry] = useState<WaitlistEntry>();
  const search = new URLSearchParams(useSearch());
  const problem = search.get("problem");
  if (entry) return <WaitlistConfirmation entry={entry} />;
  if (search.get("joined") === "1") return <WaitlistConfirmation />;
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader
        title="Join the Waitlist"
        description={`${PRODUCT_NAME} is coming to your city. Sign up and be first on the court.`}
      />
      <Card>
        <CardContent className="pt-6">
          <WaitlistForm
            onJoined={setEntry}
            problem={isProblem(problem) ? WAITLIST_FORM_MESSAGES[problem] : undefined}
          />
        </CardContent>
      </Card>
    </div>
  );
}
