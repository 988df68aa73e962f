import { type ReactNode, useEffect } from "react";
import { signIn } from "@/lib/auth/auth-navigation.ts";
import { useAuth } from "@/lib/auth/use-auth.ts";
import { LoadingScreen } from "./loading-screen.tsx";
import { NavigationShell } from "./navigation-shell.tsx";

/**
 * Signed-in pages: a signed-out visitor is sent to the login page (a full-page navigation),
 * and sees the Loading screen until the browser leaves.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated } = useAuth();

  useEffect(() => {
    if (!isLoading && !isAuthenticated) signIn();
  }, [isLoading, isAuthenticated]);

  if (!isAuthenticated) return <LoadingScreen />;
  return <NavigationShell>{children}</NavigationShell>;
}
