import { SKILLS } from "@common/profile.ts";
import type { Profile } from "@common/user.ts";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { useUserProfile } from "@/lib/profile-queries.ts";
import { SkillDots } from "./skill-dots.tsx";

type HeadingLevel = "h2" | "h3" | "h4";

/** The five skills as dots and the positions of one profile. */
export function SkillsList({ profile }: { profile: Profile }) {
  return (
    <div className="space-y-4">
      <dl className="space-y-3">
        {SKILLS.map(({ key, label }) => (
          <SkillDots key={key} label={label} value={profile[key]} />
        ))}
      </dl>
      <dl className="grid grid-cols-2 gap-3 border-t pt-4 text-sm">
        <div>
          <dt className="text-muted-foreground">Primary position</dt>
          <dd className="font-medium">{profile.primaryPosition}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Secondary position</dt>
          <dd className="font-medium">{profile.secondaryPosition ?? "None"}</dd>
        </div>
      </dl>
    </div>
  );
}

/** Spec §2 "Skills & Position" widget: the signed-in player's own skills and positions. */
export function SkillsPanel({ headingLevel = "h2" }: { headingLevel?: HeadingLevel }) {
  const { data: profile, isPending, isError } = useUserProfile();
  return (
    <Card>
      <CardHeader>
        <CardTitle as={headingLevel}>Skills &amp; Position</CardTitle>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div role="status" className="space-y-3">
            <span className="sr-only">Loading skills...</span>
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        ) : isError ? (
          <p className="text-sm text-muted-foreground">Skills could not be loaded.</p>
        ) : profile ? (
          <SkillsList profile={profile} />
        ) : (
          <p className="text-sm text-muted-foreground">Profile not found</p>
        )}
      </CardContent>
    </Card>
  );
}
