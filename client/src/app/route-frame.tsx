import type { PageFrame as Frame } from "@common/pages.ts";
import type { ReactNode } from "react";
import { useAuth } from "@/lib/auth/use-auth.ts";
import { PublicLayout } from "./public-layout.tsx";
import { RequireAuth } from "./require-auth.tsx";

/** Puts the page in the frame its route asks for (see PageFrame in common/pages.ts). */
export function RouteFrame({ frame, children }: { frame: Frame; children: ReactNode }) {
  const { isAuthenticated } = useAuth();
  // Both shell cases render the same element, so React keeps the shell between them.
  if (frame === "signed-in" || (frame === "public-in-shell" && isAuthenticated)) {
    return <RequireAuth>{children}</RequireAuth>;
  }
  return <PublicLayout>{children}</PublicLayout>;
}
