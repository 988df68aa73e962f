import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useCallback, useMemo } from "react";
import { AuthContext, type AuthState } from "./auth-context.ts";
import { currentUserQuery } from "./current-user-query.ts";

export function AuthProvider({ children }: { children: ReactNode }) {
  const { data, isPending, refetch } = useQuery(currentUserQuery);
  // cancelRefetch false: two refreshes at once share one request instead of cancelling it.
  const refresh = useCallback(async () => {
    await refetch({ cancelRefetch: false });
  }, [refetch]);

  const value = useMemo<AuthState>(() => {
    const user = data ?? null;
    return { isLoading: isPending, user, isAuthenticated: user !== null, refresh };
  }, [data, isPending, refresh]);

  return <AuthContext value={value}>{children}</AuthContext>;
}
