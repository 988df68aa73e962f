import { use } from "react";
import { AuthContext, type AuthState } from "./auth-context.ts";

export function useAuth(): AuthState {
  const auth = use(AuthContext);
  if (!auth) throw new Error("useAuth must be used within an AuthProvider");
  return auth;
}
