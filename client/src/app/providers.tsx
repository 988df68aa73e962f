import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { PersistQueryClientProvider } from "@tanstack/react-query-persist-client";
import { type ReactNode, useEffect } from "react";
import { Toaster } from "@/components/ui/toaster.tsx";
import { TooltipProvider } from "@/components/ui/tooltip.tsx";
import { AuthProvider } from "@/features/auth/auth-provider.tsx";
import { queryClient as appQueryClient } from "@/lib/query-client.ts";
import { persistOptions, refreshPublicQueries } from "@/lib/query-persistence.ts";

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
  persist,
}: AppProvidersProps) {
  const content = (
    <TooltipProvider>
      <AuthProvider>
        {children}
        <Toaster />
      </AuthProvider>
    </TooltipProvider>
  );
  if (!persist) return <QueryClientProvider client={queryClient}>{content}</QueryClientProvider>;
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={persistOptions(window.localStorage)}
      onSuccess={() => {
        if (navigator.onLine) void refreshPublicQueries(queryClient);
      }}
    >
      <RefreshWhenOnline queryClient={queryClient} />
      {content}
    </PersistQueryClientProvider>
  );
}

function RefreshWhenOnline({ queryClient }: { queryClient: QueryClient }) {
  useEffect(() => {
    const refresh = () => void refreshPublicQueries(queryClient);
    window.addEventListener("online", refresh);
    return () => window.removeEventListener("online", refresh);
  }, [queryClient]);
  return null;
}
