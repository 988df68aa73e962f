import { Link } from "wouter";
import { Button } from "@/components/ui/button.tsx";
import { signIn } from "@/lib/auth/auth-navigation.ts";
import { useAuth } from "@/lib/auth/use-auth.ts";

/**
 * The sign-in call to action (product §2): both buttons are full-page navigations to the login
 * endpoint. A signed-in user has nothing to sign in to, so they get their dashboard instead.
 */
export function JoinSection() {
  const { isAuthenticated } = useAuth();
  return (
    <section
      aria-labelledby="join-title"
      className="bg-gradient-to-br from-orange-600 to-orange-800 text-white"
    >
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-6 px-4 py-16 text-center md:py-20">
        <h2 id="join-title" className="text-3xl font-bold tracking-tight md:text-4xl">
          Ready to Find Your Crew?
        </h2>
        <p className="max-w-2xl text-lg text-orange-50">
          Create your player profile, find a court and get in the next game. It takes a minute.
        </p>
        {isAuthenticated ? (
          <Button asChild size="lg" variant="secondary">
            <Link href="/dashboard">Go to Your Dashboard</Link>
          </Button>
        ) : (
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Button size="lg" variant="secondary" onClick={signIn}>
              Start Your Journey
            </Button>
            <Button
              size="lg"
              variant="outline"
              onClick={signIn}
              className="border-white bg-transparent text-white hover:bg-white/10 hover:text-white"
            >
              Join the Community
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}
