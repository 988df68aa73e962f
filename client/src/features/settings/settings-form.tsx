import { useQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { settingsQuery } from "./settings-query.ts";
import { SettingsSwitches } from "./settings-switches.tsx";

/**
 * Loads the saved settings before showing any switch: showing the defaults meanwhile (or
 * after a failed load) would let Save Settings overwrite choices the player made earlier.
 */
export function SettingsForm() {
  const settings = useQuery(settingsQuery);
  if (settings.isPending) {
    return (
      <div className="grid gap-4">
        <p role="status" className="sr-only">
          Loading your settings...
        </p>
        <Skeleton className="h-64" />
        <Skeleton className="h-52" />
      </div>
    );
  }
  if (settings.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-3 rounded-lg border p-6">
        <p>Your settings could not be loaded.</p>
        <Button variant="outline" onClick={() => settings.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <SettingsSwitches saved={settings.data} />;
}
