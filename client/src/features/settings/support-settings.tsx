import { Bug, CircleHelp, LifeBuoy, LogOut } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { signOut } from "@/lib/auth/auth-navigation.ts";

/**
 * Support (product §2 gives these buttons no action; ours lead somewhere real): Contact Support
 * and FAQ & Help open the contact page, which holds the message form and the FAQ cards; Report
 * a Bug opens the player's mail app with a bug-report subject, to the support address.
 */
export const SUPPORT_EMAIL = "support@ballwiththebros.app";
const BUG_REPORT_HREF = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent("Bug report")}`;

export function SupportSettings() {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Support</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 sm:grid-cols-3">
        <Button variant="outline" asChild>
          <Link href="/contact">
            <LifeBuoy aria-hidden="true" />
            Contact Support
          </Link>
        </Button>
        <Button variant="outline" asChild>
          <a href={BUG_REPORT_HREF}>
            <Bug aria-hidden="true" />
            Report a Bug
          </a>
        </Button>
        <Button variant="outline" asChild>
          <Link href="/contact">
            <CircleHelp aria-hidden="true" />
            FAQ & Help
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** Spec §2: Sign Out navigates the browser to the logout endpoint. */
export function SignOutButton() {
  return (
    <Button variant="destructive" onClick={signOut} className="w-full sm:w-auto">
      <LogOut aria-hidden="true" />
      Sign Out
    </Button>
  );
}
