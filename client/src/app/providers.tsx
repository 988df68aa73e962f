import {
  hashKey,
  IsRestoringProvider,
  type QueryClient,
  QueryClientProvider,
  type QueryState,
} from "@tanstack/react-query";
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
} from "@tanstack/react-query-persist-client";
import { type ReactNode, useEffect, useState } from "react";
import { queryClient as appQueryClient } from "@/app/query-client.ts";
import { Toaster } from "@/components/ui/toaster.tsx";
import { TooltipProvider } from "@/components/ui/tooltip.tsx";
import { AuthProvider } from "@/lib/auth/auth-provider.tsx";
import { currentUserQuery } from "@/lib/auth/current-user-query.ts";
import { claimOfflineData, persistOptions, refreshKeptQueries } from "@/lib/query-persistence.ts";

type AppProvidersProps = {
  children: ReactNode;
  queryClient?: QueryClient;
  /** Keep the public data seen in localStorage for the next visit offline (the app; not tests). */
  persist?: boolean;
};

/** Everything a page may rely on; tests pass a fresh QueryClient so no cache leaks between them. */
export function AppProviders({
  children,
  queryClient = appQueryClient,
  persist = false,
}: AppProvidersProps) {
  const restoring = useOfflineData(queryClient, persist);
  return (
    <QueryClientProvider client={queryClient}>
      <IsRestoringProvider value={restoring}>
        <TooltipProvider>
          <AuthProvider>
            {children}
            <Toaster />
          </AuthProvider>
        </TooltipProvider>
      </IsRestoringProvider>
    </QueryClientProvider>
  );
}

/**
 * Keeps the reads seen in localStorage, for the player who is signed in (issue 31). They are
 * put back only when the app starts
 * offline (online, screens load fresh data as they always did, without a flash of old data),
 * and what screens show is refetched as soon as the network is back. Answers true while
 * restoring, so queries wait for the kept data instead of failing first.
 */
const watchedHash = hashKey(currentUserQuery.queryKey);

function useOfflineData(queryClient: QueryClient, persist: boolean): boolean {
  const [restoring, setRestoring] = useState(
    () => persist && typeof navigator !== "undefined" && !navigator.onLine,
  );
  useEffect(() => {
    if (!persist) return;
    const options = { queryClient, ...persistOptions(window.localStorage) };
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    // Once the server says who is signed in, data kept for anyone else is dropped: said with
    // the page (server-state.ts), before this runs, or by a later check (a resync, a sign-in).
    const claim = (state: QueryState | undefined) => {
      if (state?.status !== "success" || state.fetchStatus !== "idle" || !navigator.onLine) return;
      claimOfflineData((state.data as { id: string } | null)?.id ?? null);
    };
    claim(queryClient.getQueryState(currentUserQuery.queryKey));
    const stopWatchingUser = queryClient.getQueryCache().subscribe(({ query, type }) => {
      if (type === "updated" && query.queryHash === watchedHash) claim(query.state);
    });
    void (async () => {
      if (!navigator.onLine) await persistQueryClientRestore(options);
      if (cancelled) return;
      setRestoring(false);
      unsubscribe = persistQueryClientSubscribe(options);
    })();
    const refresh = () => void refreshKeptQueries(queryClient);
    window.addEventListener("online", refresh);
    return () => {
      cancelled = true;
      stopWatchingUser();
      unsubscribe?.();
      window.removeEventListener("online", refresh);
    };
  }, [queryClient, persist]);
  return restoring;
}
