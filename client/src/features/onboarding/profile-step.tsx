import { withReturnTo } from "@common/return-to.ts";
import { UserRound } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button.tsx";
import { useReturnTo } from "@/lib/use-return-to.ts";
import { StepCard } from "./step-card.tsx";

type ProfileStepProps = { hasProfile: boolean; onDone: () => void };

/** Step 2 (product §2): the profile itself is made on /profile-setup. */
export function ProfileStep({ hasProfile, onDone }: ProfileStepProps) {
  const returnTo = useReturnTo();
  return (
    <StepCard
      title="Create Profile"
      description={
        hasProfile
          ? "Your player profile is ready. You can edit it any time."
          : "Tell other bros your nickname, position and skills so they can find a good match."
      }
      actions={
        <>
          <Button variant="ghost" onClick={onDone}>
            Skip for now
          </Button>
          <Button asChild>
            <Link href={withReturnTo("/profile-setup", returnTo)}>
              {hasProfile ? "Edit Profile" : "Create Profile"}
            </Link>
          </Button>
        </>
      }
    >
      <div className="flex items-center gap-3 rounded-md bg-muted p-4 text-sm text-muted-foreground">
        <UserRound aria-hidden="true" className="size-8 shrink-0 text-primary" />
        Players with a profile get matched with bros of a similar skill level.
      </div>
    </StepCard>
  );
}
