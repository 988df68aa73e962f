import { Card, CardContent } from "@/components/ui/card.tsx";
import { PageHeader } from "@/components/ui/page.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { useUserProfile } from "@/lib/profile-queries.ts";
import { ProfileSetupForm } from "./profile-setup-form.tsx";

/** /profile-setup: create the profile, or edit it starting from the saved values. */
export function ProfileSetup() {
  const { data: saved, isPending, isError } = useUserProfile();
  const editing = Boolean(saved);
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader
        title={editing ? "Edit Your Profile" : "Set Up Your Profile"}
        description="Tell the bros how you play."
      />
      <Card>
        <CardContent className="pt-6">
          {isPending ? (
            <div role="status" className="space-y-4">
              <span className="sr-only">Loading your profile...</span>
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-10 w-full" />
              <Skeleton className="h-10 w-full" />
            </div>
          ) : isError ? (
            <p role="alert" className="text-sm text-destructive">
              Your profile could not be loaded. Please reload the page.
            </p>
          ) : (
            <ProfileSetupForm saved={saved ?? null} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
