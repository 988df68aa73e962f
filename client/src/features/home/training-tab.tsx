import { Dumbbell } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { toast } from "@/components/ui/use-toast.ts";

const UPCOMING = ["Progress tracking", "Training programs", "Stats dashboard"];

/**
 * Spec §2 Training: solo training is coming soon. 'Request Early Access' stores nothing (there
 * is no list to join yet), so it says exactly that in a toast rather than doing nothing.
 */
export function TrainingTab() {
  const [requested, setRequested] = useState(false);
  return (
    <section
      aria-labelledby="training-heading"
      className="space-y-4 rounded-lg border bg-card p-6 text-center"
    >
      <Dumbbell aria-hidden="true" className="mx-auto size-10 text-primary" />
      <h2 id="training-heading" className="text-xl font-semibold">
        Solo Training
      </h2>
      <p className="text-muted-foreground">Solo training is coming soon.</p>
      <Button
        disabled={requested}
        onClick={() => {
          setRequested(true);
          toast({
            title: "You're on our radar! 🏀",
            description:
              "Solo training isn't open yet. Watch this tab: it will show up here first.",
          });
        }}
      >
        {requested ? "Early Access Requested" : "Request Early Access"}
      </Button>
      <div className="text-left">
        <h3 className="mb-2 font-medium">Coming up</h3>
        <ul className="list-inside list-disc space-y-1 text-sm text-muted-foreground">
          {UPCOMING.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}
