import { type ProfileInput, type ProfileInputValues, profileInputSchema } from "@common/profile.ts";
import { withReturnTo } from "@common/return-to.ts";
import type { Profile } from "@common/user.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useLocation } from "wouter";
import { Button } from "@/components/ui/button.tsx";
import { toast } from "@/components/ui/use-toast.ts";
import { useAuth } from "@/lib/auth/use-auth.ts";
import { useReturnTo } from "@/lib/use-return-to.ts";
import { BasicInfoStep } from "./basic-info-step.tsx";
import { fieldErrorsOf } from "./field-errors.ts";
import { locationOptions } from "./location-options.ts";
import { LocationStep } from "./location-step.tsx";
import {
  profileFormDefaults,
  STEP_FIELDS,
  STEP_TITLES,
  stepOfField,
} from "./profile-form-defaults.ts";
import { useSaveProfile } from "./save-profile.ts";
import { SetupProgress } from "./setup-progress.tsx";
import { SkillsStep } from "./skills-step.tsx";

const LAST = STEP_FIELDS.length - 1;

/**
 * Where a saved profile leads: the dashboard; but a new player who signed in to reach a page
 * (`returnTo`) finishes onboarding first and then lands there.
 */
function afterSaving(returnTo: string | undefined, onboarded: boolean): string {
  if (!returnTo) return "/dashboard";
  return onboarded ? returnTo : withReturnTo("/onboarding", returnTo);
}

/** The three steps of /profile-setup (product §2, §5); `saved` is the profile being edited. */
export function ProfileSetupForm({ saved }: { saved: Profile | null }) {
  const { user, refresh } = useAuth();
  const [, navigate] = useLocation();
  const returnTo = useReturnTo();
  const [step, setStep] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const save = useSaveProfile();
  const form = useForm<ProfileInputValues, unknown, ProfileInput>({
    resolver: zodResolver(profileInputSchema),
    defaultValues: profileFormDefaults(saved),
  });

  // After Next or Back, focus goes to the new step's title so a screen reader announces it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: it must run after each step change.
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [step]);

  function goTo(next: number) {
    moved.current = true;
    setStep(next);
  }

  async function next() {
    const fields = STEP_FIELDS[step] ?? [];
    if (await form.trigger([...fields], { shouldFocus: true })) goTo(step + 1);
  }

  function showFailure(error: unknown) {
    const errors = Object.entries(fieldErrorsOf(error));
    for (const [field, message] of errors) {
      form.setError(field as keyof ProfileInputValues, { message });
    }
    if (errors[0]) goTo(stepOfField(errors[0][0]));
    toast({
      variant: "destructive",
      title: "Setup Failed",
      description: "There was an error creating your profile. Please try again.",
    });
  }

  const complete = form.handleSubmit(
    (input) =>
      save.mutate(input, {
        onSuccess: async ({ created }) => {
          toast(
            created
              ? { title: "Welcome to the Bros! 🏀" }
              : { title: "Profile updated", description: "Your changes have been saved." },
          );
          await refresh();
          navigate(afterSaving(returnTo, user?.hasCompletedOnboarding ?? false));
        },
        onError: showFailure,
      }),
    // A field of an earlier step can only be wrong if the server said so; show that step.
    (errors) => {
      const first = Object.keys(errors)[0];
      if (first) goTo(stepOfField(first));
    },
  );

  return (
    <form
      noValidate
      aria-labelledby="profile-step-title"
      className="grid gap-6"
      // Enter in a field moves on like Next; only the last step submits.
      onSubmit={(event) => {
        if (step < LAST) {
          event.preventDefault();
          void next();
        } else void complete(event);
      }}
    >
      <SetupProgress step={step + 1} total={STEP_FIELDS.length} />
      <h2
        id="profile-step-title"
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-semibold focus:outline-none"
      >
        {STEP_TITLES[step]}
      </h2>
      {step === 0 && <BasicInfoStep form={form} />}
      {step === 1 && <SkillsStep form={form} />}
      {step === 2 && (
        <LocationStep form={form} locations={locationOptions(user, saved?.location)} />
      )}
      <div className="flex justify-between gap-3">
        <Button
          variant="outline"
          disabled={step === 0 || save.isPending}
          onClick={() => goTo(step - 1)}
        >
          Back
        </Button>
        {/* Distinct keys: were the DOM button reused, the click on Next that reaches the last
            step would find it already type="submit" and send the form unseen. */}
        {step < LAST ? (
          <Button key="next" onClick={() => void next()}>
            Next
          </Button>
        ) : (
          <Button key="complete" type="submit" disabled={save.isPending}>
            {save.isPending ? "Creating..." : "Complete Setup"}
          </Button>
        )}
      </div>
    </form>
  );
}
