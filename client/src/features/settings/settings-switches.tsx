import type { Settings } from "@common/settings.ts";
import { useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/components/ui/card.tsx";
import { SwitchField } from "@/components/ui/switch-field.tsx";
import { NOTIFICATION_LABELS, PRIVACY_LABELS } from "./setting-labels.ts";
import { useSaveSettings } from "./settings-query.ts";

type SettingsSwitchesProps = { saved: Settings };

/**
 * The notification and privacy switches, starting from the saved settings; nothing is sent
 * until Save Settings, which sends them all (product §7's PATCH body).
 */
export function SettingsSwitches({ saved }: SettingsSwitchesProps) {
  const [draft, setDraft] = useState<Settings>(saved);
  const save = useSaveSettings();

  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Notifications</CardTitle>
          <CardDescription>Choose what we tell you about.</CardDescription>
        </CardHeader>
        <CardContent className="divide-y py-0 pb-3">
          {NOTIFICATION_LABELS.map(({ key, label, description }) => (
            <SwitchField
              key={key}
              label={label}
              description={description}
              checked={draft.notifications[key]}
              onCheckedChange={(on) =>
                setDraft((d) => ({ ...d, notifications: { ...d.notifications, [key]: on } }))
              }
            />
          ))}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Privacy</CardTitle>
          <CardDescription>Choose what other players can see.</CardDescription>
        </CardHeader>
        <CardContent className="divide-y py-0 pb-3">
          {PRIVACY_LABELS.map(({ key, label, description }) => (
            <SwitchField
              key={key}
              label={label}
              description={description}
              checked={draft.privacy[key]}
              onCheckedChange={(on) =>
                setDraft((d) => ({ ...d, privacy: { ...d.privacy, [key]: on } }))
              }
            />
          ))}
        </CardContent>
      </Card>
      <div className="flex justify-end">
        <Button size="lg" onClick={() => save.mutate(draft)} disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save Settings"}
        </Button>
      </div>
    </>
  );
}
