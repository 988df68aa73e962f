import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Toaster } from "@/components/ui/toaster.tsx";
import { TooltipProvider } from "@/components/ui/tooltip.tsx";
import { AuthProvider } from "@/features/auth/auth-provider.tsx";
import { queryClient as appQueryClient } from "@/lib/query-client.ts";

type AppProvidersProps = { children: ReactNode; queryClient?: QueryClient };

/** Everything a page may rely on; tests pass a fresh QueryClient so no cache leaks between them. */
export function AppProviders({ children, queryClient = appQueryClient }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <AuthProvider>
          {children}
          <Toaster />
        </AuthProvider>
      </TooltipProvider>
    </QueryClientProvider>
  );
}
