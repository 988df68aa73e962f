import { MailWarning } from "lucide-react";
import { Button } from "@/components/ui/button.tsx";
import { apiErrorOf } from "@/lib/api.ts";
import { useAuth } from "@/lib/auth/use-auth.ts";
import { useResendConfirmation } from "./account-requests.ts";

/**
 * While a built-in account's address is unconfirmed, every signed-in page says so, with a way to
 * have the link sent again. An account whose typed address belongs to someone else sees the same
 * banner (decisions §46): it cannot tell, and neither can anyone using it.
 */
export function EmailConfirmationBanner() {
  const { user } = useAuth();
  const resend = useResendConfirmation();
  if (!user?.builtInAccount || user.emailConfirmed) return null;
  const address = user.email ?? user.pendingEmail ?? "your address";
  const failure = resend.isError
    ? (apiErrorOf(resend.error)?.message ?? "The link could not be sent. Please try again.")
    : undefined;
  return (
    <section
      aria-label="Confirm your e-mail address"
      className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <MailWarning className="size-5 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1 [overflow-wrap:anywhere]">
        Confirm your e-mail address: open the link we sent to <strong>{address}</strong>.
      </p>
      <Button
        size="sm"
        variant="outline"
        onClick={() => resend.mutate()}
        disabled={resend.isPending}
        className="bg-white"
      >
        {resend.isPending ? "Sending..." : "Resend"}
      </Button>
      <p role="status" className="basis-full empty:hidden">
        {resend.isSuccess ? resend.data : (failure ?? "")}
      </p>
    </section>
  );
}
