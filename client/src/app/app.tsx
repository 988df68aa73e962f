import type { QueryClient } from "@tanstack/react-query";
import { LiveUpdates } from "@/features/live/use-live-events.ts";
import { OfflineBanner } from "@/features/offline/offline-banner.tsx";
import { UpdatePrompt } from "@/features/offline/update-prompt.tsx";
import { useAuth } from "@/lib/auth/use-auth.ts";
import { AppRouter } from "./app-router.tsx";
import { AppProviders } from "./providers.tsx";

/** Live pages for whoever is looking; a new stream when that changes (sign-in, sign-out). */
function LivePages() {
  const { user, isLoading } = useAuth();
  if (isLoading) return null;
  return <LiveUpdates key={user?.id ?? "visitor"} />;
}

/** The whole app; the server's renderer passes the QueryClient it filled for the page. */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <AppProviders persist queryClient={queryClient}>
      <LivePages />
      <OfflineBanner />
      <AppRouter />
      <UpdatePrompt />
    </AppProviders>
  );
}
