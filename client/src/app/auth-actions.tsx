import { Link } from "wouter";
import { Button } from "@/components/ui/button.tsx";
import { signIn, signOut } from "@/lib/auth/auth-navigation.ts";
import { useAuth } from "@/lib/auth/use-auth.ts";
import { cn } from "@/lib/cn.ts";

type AuthActionsProps = { className?: string; onChoose?: () => void };

/** Top-bar actions: Sign In and Get Started when signed out, Dashboard and Sign Out when in. */
export function AuthActions({ className, onChoose }: AuthActionsProps) {
  const { isAuthenticated } = useAuth();
  const run = (action: () => void) => () => {
    onChoose?.();
    action();
  };

  if (isAuthenticated) {
    return (
      <div className={cn("flex gap-2", className)}>
        <Button asChild variant="ghost">
          <Link href="/dashboard" onClick={onChoose}>
            Dashboard
          </Link>
        </Button>
        <Button variant="outline" onClick={run(signOut)}>
          Sign Out
        </Button>
      </div>
    );
  }
  return (
    <div className={cn("flex gap-2", className)}>
      <Button variant="ghost" onClick={run(signIn)}>
        Sign In
      </Button>
      <Button onClick={run(signIn)}>Get Started</Button>
    </div>
  );
}
