import type { BadgeType } from "@common/constants.ts";
import { Crown, Flame, type LucideIcon, Megaphone, Shield, Star, Trophy } from "lucide-react";

/** The spec names the six badges but not their pictures; these are ours. */
export const BADGE_ICONS: Record<BadgeType, LucideIcon> = {
  hot_shooter: Flame,
  iron_bro: Shield,
  court_king: Crown,
  shot_caller: Megaphone,
  mvp: Trophy,
  legend: Star,
};
