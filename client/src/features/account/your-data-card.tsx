import { Download } from "lucide-react";
import { Button } from "@/components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/components/ui/card.tsx";
import { useAuth } from "@/lib/auth/use-auth.ts";
import { DeleteAccountDialog } from "./delete-account-dialog.tsx";

const leave = () => window.location.assign("/");

/** Settings → Your data: a copy of it as JSON, and deleting the account. */
export function YourDataCard({ onDeleted = leave }: { onDeleted?: () => void }) {
  const { user } = useAuth();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Your data</CardTitle>
        <CardDescription>
          Take a copy of everything your account holds, or delete it.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Button variant="outline" asChild className="justify-self-start">
          <a href="/api/account/export" download>
            <Download aria-hidden="true" />
            Download my data
          </a>
        </Button>
        {user?.builtInAccount && (
          <div className="grid gap-2 border-t pt-4">
            <DeleteAccountDialog onDeleted={onDeleted} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
