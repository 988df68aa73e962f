import { Dumbbell, MapPin, Smartphone, UserPlus, Users } from "lucide-react";
import { Link } from "wouter";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";

const ACTIONS = [
  { href: "/courts", label: "Find Courts", icon: MapPin },
  { href: "/games", label: "Join a Game", icon: Dumbbell },
  { href: "/players", label: "Find Bros", icon: Users },
  { href: "/profile-setup", label: "Edit Profile", icon: UserPlus },
  { href: "/home", label: "Home Screen", icon: Smartphone },
] as const;

export function QuickActions() {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Quick Actions</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid grid-cols-2 gap-2">
          {ACTIONS.map(({ href, label, icon: Icon }) => (
            <li key={href}>
              <Link
                href={href}
                className="flex h-full items-center gap-2 rounded-md border p-3 text-sm font-medium hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <Icon aria-hidden="true" className="size-4 text-primary" />
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
