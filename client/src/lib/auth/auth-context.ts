import type { CurrentUser } from "@common/user.ts";
import { createContext } from "react";

export type AuthState = {
  /** True until the first auth check has completed, whether it succeeded or failed. */
  isLoading: boolean;
  user: CurrentUser | null;
  isAuthenticated: boolean;
  /** Re-reads the current user, e.g. after the profile or the location changed. */
  refresh: () => Promise<void>;
};

export const AuthContext = createContext<AuthState | null>(null);
