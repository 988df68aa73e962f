import { Badge } from "@/components/ui/badge.tsx";
import { Button } from "@/components/ui/button.tsx";
import { StepCard } from "./step-card.tsx";

type PreferencesStepProps = { isCompleting: boolean; onComplete: () => void };

/**
 * Step 3 (product §2): marked 'coming soon'. It is the last step, so Skip for now has nowhere
 * else to go: like Complete Setup, it completes registration.
 */
export function PreferencesStep({ isCompleting, onComplete }: PreferencesStepProps) {
  return (
    <StepCard
      title="Set Preferences"
      badge={<Badge variant="secondary">Coming soon</Badge>}
      description="Favorite game times, skill ranges and how you hear from us."
      actions={
        <>
          <Button variant="ghost" onClick={onComplete} disabled={isCompleting}>
            Skip for now
          </Button>
          <Button onClick={onComplete} disabled={isCompleting}>
            {isCompleting ? "Finishing..." : "Complete Setup"}
          </Button>
        </>
      }
    >
      <p className="rounded-md bg-muted p-4 text-sm text-muted-foreground">
        Preferences are coming soon. You can already change notifications and privacy in Settings.
      </p>
    </StepCard>
  );
}
