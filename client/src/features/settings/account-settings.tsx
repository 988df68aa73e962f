import type { CurrentUser } from "@common/user.ts";
import { UserRound } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/components/ui/card.tsx";
import { Input } from "@/components/ui/input.tsx";
import { Label } from "@/components/ui/label.tsx";
import { useAuth } from "@/lib/auth/use-auth.ts";

function emailHint(user: CurrentUser | null): string {
  if (!user?.builtInAccount) return "Email cannot be changed";
  if (!user.emailConfirmed) return "Not confirmed yet: open the link we sent you";
  return "Confirmed. Change it under Sign-in and security";
}

type AccountSettingsProps = {
  /** The control that changes the player's city (composed by the page). */
  location: ReactNode;
};

/** Spec §2: the e-mail, read-only here (changed by a link, below); the location; the profile. */
export function AccountSettings({ location }: AccountSettingsProps) {
  const { user } = useAuth();
  const emailId = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Account</CardTitle>
        <CardDescription>Your sign-in e-mail, your city and your player profile.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="grid gap-2">
          <Label htmlFor={emailId}>Email</Label>
          <Input
            id={emailId}
            type="email"
            readOnly
            value={user?.email ?? user?.pendingEmail ?? ""}
            aria-describedby={`${emailId}-hint`}
            className="bg-muted"
          />
          <p id={`${emailId}-hint`} className="text-sm text-muted-foreground">
            {emailHint(user)}
          </p>
        </div>
        {location}
        <div className="border-t pt-4">
          <Button variant="outline" asChild>
            <Link href="/profile-setup">
              <UserRound aria-hidden="true" />
              Edit Full Profile
            </Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
