import {
  CalendarDays,
  LayoutDashboard,
  type LucideIcon,
  MapPin,
  Settings,
  Trophy,
  User,
} from "lucide-react";

export type ShellNavItem = { label: string; href: string; icon: LucideIcon };

/** Spec §2 navigation shell, in its order; Sign Out follows them as a button. */
export const SHELL_NAV_ITEMS: readonly ShellNavItem[] = [
  { label: "Dashboard", href: "/dashboard", icon: LayoutDashboard },
  { label: "Find Courts", href: "/courts", icon: MapPin },
  { label: "Games", href: "/games", icon: CalendarDays },
  { label: "Profile", href: "/profile", icon: User },
  { label: "Leaderboard", href: "/leaderboard", icon: Trophy },
  { label: "Settings", href: "/settings", icon: Settings },
];

/**
 * Spec §2: an item is active by path prefix, and Dashboard is also active on "/". The prefix is
 * matched by whole path segments, so /profile-setup does not light up Profile, nor /game/7 Games.
 */
export function isNavItemActive(href: string, location: string): boolean {
  if (href === "/dashboard" && location === "/") return true;
  return location === href || location.startsWith(`${href}/`);
}
