import { LogOut, Pencil, Settings } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button.tsx";
import { forgetOfflineData } from "@/lib/query-persistence.ts";

/**
 * Spec §2 Profile tab: the player's summary and badges (given by the page), Full Profile and
 * Leaderboard buttons, and links to Edit Profile, Settings and Sign Out.
 */
export function ProfileTab({ summary }: { summary: ReactNode }) {
  return (
    <>
      {summary}
      <div className="grid grid-cols-2 gap-2">
        <Button asChild>
          <Link href="/profile">Full Profile</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/leaderboard">Leaderboard</Link>
        </Button>
      </div>
      <nav aria-label="Account" className="divide-y rounded-lg border bg-card">
        <Link href="/profile-setup" className="flex items-center gap-3 p-4 hover:bg-accent">
          <Pencil aria-hidden="true" className="size-4" />
          Edit Profile
        </Link>
        <Link href="/settings" className="flex items-center gap-3 p-4 hover:bg-accent">
          <Settings aria-hidden="true" className="size-4" />
          Settings
        </Link>
        {/* Spec §1: signing out is a full-page navigation to the logout endpoint. */}
        <a
          href="/api/logout"
          onClick={() => forgetOfflineData()}
          className="flex items-center gap-3 p-4 hover:bg-accent"
        >
          <LogOut aria-hidden="true" className="size-4" />
          Sign Out
        </a>
      </nav>
    </>
  );
}
