import type { Settings, SettingsPatch } from "@common/settings.ts";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast.ts";
import { apiRequest } from "@/lib/api.ts";

/** GET /api/user/settings: the saved switches (the spec's defaults for a new player). */
export const settingsQuery = queryOptions<Settings>({ queryKey: ["/api/user/settings"] });

/** PATCH /api/user/settings with product §8's toasts; the answer becomes the cached settings. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: SettingsPatch): Promise<Settings> => {
      const response = await apiRequest("PATCH", "/api/user/settings", patch);
      return (await response.json()) as Settings;
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsQuery.queryKey, saved);
      toast({ title: "Settings updated", description: "Your preferences have been saved." });
    },
    onError: () =>
      toast({
        variant: "destructive",
        title: "Error",
        description: "Failed to update settings. Please try again.",
      }),
  });
}
