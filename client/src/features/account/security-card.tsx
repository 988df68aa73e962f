import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/components/ui/card.tsx";
import { useAuth } from "@/lib/auth/use-auth.ts";
import { ChangeEmailForm } from "./change-email-form.tsx";
import { ChangePasswordForm } from "./change-password-form.tsx";

/** Settings → Sign-in and security (built-in accounts; an identity provider keeps its own). */
export function SecurityCard() {
  const { user } = useAuth();
  if (!user?.builtInAccount) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Sign-in and security</CardTitle>
        <CardDescription>Your e-mail address and password.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8">
        <ChangeEmailForm />
        <div className="border-t pt-6">
          <ChangePasswordForm />
        </div>
      </CardContent>
    </Card>
  );
}
