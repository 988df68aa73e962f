import { PRODUCT_NAME } from "@common/constants.ts";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Redirect } from "wouter";
import { Button } from "@/components/ui/button.tsx";
import { PageHeader } from "@/components/ui/page.tsx";
import { useAuth } from "@/lib/auth/use-auth.ts";
import { useReturnTo } from "@/lib/use-return-to.ts";
import { useCompleteRegistration } from "./complete-registration.ts";
import { LocationStep } from "./location-step.tsx";
import { OnboardingProgressBar } from "./onboarding-progress-bar.tsx";
import { onboardingProgressQuery } from "./onboarding-progress-query.ts";
import { PreferencesStep } from "./preferences-step.tsx";
import { ProfileStep } from "./profile-step.tsx";

/**
 * /onboarding (product §2, §4): location, profile, preferences, starting at the first step not
 * done; a player who completed onboarding is sent to / (or to the page they signed in to reach).
 */
export function OnboardingFlow() {
  const { user } = useAuth();
  const progress = useQuery(onboardingProgressQuery);
  // null until the player moves: until then the step is the server's first incomplete one.
  const [movedTo, setMovedTo] = useState<number | null>(null);
  const complete = useCompleteRegistration();
  const returnTo = useReturnTo();

  // Completing here navigates by itself (complete-registration.ts); this is for arriving done.
  const completingHere = complete.isPending || complete.isSuccess;
  if (user?.hasCompletedOnboarding && !completingHere) {
    return <Redirect to={returnTo ?? "/"} replace />;
  }

  // Should the progress call fail, the current user tells the same story (product §2's rules).
  const steps = progress.data?.steps ?? {
    location: Boolean(user?.city),
    profile: Boolean(user?.hasProfile),
    preferences: false,
  };
  const done = [steps.location, steps.profile, steps.preferences];
  const step = movedTo ?? progress.data?.currentStep ?? Math.max(done.indexOf(false), 0);
  const next = () => setMovedTo(Math.min(step + 1, done.length - 1));
  const finish = () => complete.mutate();

  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <PageHeader
        className="mb-0"
        title={`Welcome to ${PRODUCT_NAME}`}
        description="Three quick steps and you're ready to find courts and run games."
      />
      {progress.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading your progress...
        </p>
      ) : (
        <>
          <OnboardingProgressBar current={step} done={done} />
          {step === 0 && <LocationStep onDone={next} />}
          {step === 1 && <ProfileStep hasProfile={steps.profile} onDone={next} />}
          {step === 2 && <PreferencesStep isCompleting={complete.isPending} onComplete={finish} />}
        </>
      )}
      <div className="text-center">
        <Button variant="link" onClick={finish} disabled={complete.isPending}>
          Skip setup and start exploring
        </Button>
      </div>
    </div>
  );
}
