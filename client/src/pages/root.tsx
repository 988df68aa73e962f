import { lazy } from "react";
import { useAuth } from "@/lib/auth/use-auth.ts";

const LandingPage = lazy(() => import("./landing.tsx"));
const DashboardPage = lazy(() => import("./dashboard.tsx"));

/**
 * `/`: the landing page for visitors, the dashboard for a signed-in player (the spec highlights
 * Dashboard on `/`; after sign-in the server lands onboarded players here).
 */
export default function RootPage() {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? <DashboardPage /> : <LandingPage />;
}
