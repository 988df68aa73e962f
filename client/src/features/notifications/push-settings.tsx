import { useEffect, useState } from "react";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/components/ui/card.tsx";
import { SwitchField } from "@/components/ui/switch-field.tsx";
import { toast } from "@/components/ui/use-toast.ts";
import {
  type PushState,
  pushState,
  syncPushSubscription,
  turnPushOff,
  turnPushOn,
} from "./push-subscription.ts";

const DESCRIPTIONS: Record<PushState, string> = {
  on: "This device shows your notifications, even when Ball with the Bros is closed.",
  off: "Show your notifications on this device, even when Ball with the Bros is closed.",
  denied: "Notifications are blocked for this site. Allow them in your browser's site settings.",
  unsupported: "This browser cannot show notifications from websites.",
};

/** Settings → This device: web push, per device (it asks the browser, not the server). */
export function PushSettings() {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    pushState()
      .then(async (found) => {
        if (!current) return;
        setState(found);
        // A device subscribed under another account now belongs to whoever is signed in.
        if (found === "on") await syncPushSubscription();
      })
      .catch(() => current && setState("unsupported"));
    return () => {
      current = false;
    };
  }, []);

  const change = async (on: boolean) => {
    setBusy(true);
    try {
      setState(await (on ? turnPushOn() : turnPushOff()));
    } catch {
      toast({
        variant: "destructive",
        title: "Push notifications",
        description: on
          ? "This device could not be set up for notifications. Please try again."
          : "This device could not be switched off. Please try again.",
      });
      setState(await pushState().catch(() => "unsupported" as const));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">This device</CardTitle>
        <CardDescription>Notifications on this phone or computer only.</CardDescription>
      </CardHeader>
      <CardContent className="py-0 pb-3">
        <SwitchField
          label="Push notifications"
          description={DESCRIPTIONS[state ?? "off"]}
          checked={state === "on"}
          disabled={busy || state === null || state === "unsupported" || state === "denied"}
          onCheckedChange={(on) => void change(on)}
        />
      </CardContent>
    </Card>
  );
}
