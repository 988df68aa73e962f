import { X } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button.tsx";

/** Where 'Remind Me Later' is remembered: for this browser tab's session only. */
export const REMIND_LATER_KEY = "bwb:profile-banner-later";

function remindedLater(): boolean {
  try {
    return sessionStorage.getItem(REMIND_LATER_KEY) === "1";
  } catch {
    return false;
  }
}

/**
 * Spec §2: shown to a signed-in player without a profile. 'Remind Me Later' hides it until
 * the browser session ends (sessionStorage), so it comes back on the next visit, not at every
 * page change.
 */
export function ProfileBanner({ hasProfile }: { hasProfile: boolean }) {
  const [hidden, setHidden] = useState(remindedLater);
  if (hasProfile || hidden) return null;
  const later = () => {
    try {
      sessionStorage.setItem(REMIND_LATER_KEY, "1");
    } catch {
      // Storage refused (private mode): hiding for this page view is still what was asked.
    }
    setHidden(true);
  };
  return (
    <section
      aria-label="Complete your profile"
      className="mb-6 flex flex-col gap-3 rounded-lg border border-orange-300 bg-accent p-4 sm:flex-row sm:items-center"
    >
      <div className="flex-1">
        <p className="font-semibold text-accent-foreground">Complete your player profile</p>
        <p className="text-sm text-accent-foreground">
          Add your position and skills so bros of your level can find you.
        </p>
      </div>
      <div className="flex gap-2">
        <Button asChild>
          <Link href="/profile-setup">Complete Setup</Link>
        </Button>
        <Button variant="outline" onClick={later}>
          <X aria-hidden="true" />
          Remind Me Later
        </Button>
      </div>
    </section>
  );
}
