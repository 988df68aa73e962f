import type { Court } from "@common/courts.ts";
import { milesBetween } from "@common/position.ts";

export type CourtChip = "active" | "nearby" | "indoor" | "outdoor";
export const COURT_CHIPS: { key: CourtChip; label: string }[] = [
  { key: "active", label: "Active Now" },
  { key: "nearby", label: "Nearby" },
  { key: "indoor", label: "Indoor" },
  { key: "outdoor", label: "Outdoor" },
];

/** 'Nearby' means within this many miles of the player. */
export const NEARBY_COURT_MILES = 5;

const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

type Here = { latitude: number | null; longitude: number | null } | null;

/**
 * The Discover search and chips: every typed word must appear in the name, address or
 * description (case and accents ignored), and every chosen chip must hold. Indoor and Outdoor
 * exclude each other, so choosing one drops the other (see toggleChip).
 */
export function filterCourts(
  courts: readonly Court[],
  search: string,
  chips: ReadonlySet<CourtChip>,
  here: Here,
): Court[] {
  const words = fold(search).split(/\s+/).filter(Boolean);
  return courts.filter((court) => {
    const text = fold([court.name, court.address, court.description].filter(Boolean).join(" "));
    if (!words.every((w) => text.includes(w))) return false;
    if (chips.has("active") && court.activePlayers === 0) return false;
    if (chips.has("indoor") && !court.isIndoor) return false;
    if (chips.has("outdoor") && court.isIndoor) return false;
    if (chips.has("nearby")) {
      const miles = milesBetween(here, court);
      if (miles === null || miles > NEARBY_COURT_MILES) return false;
    }
    return true;
  });
}

export function toggleChip(chips: ReadonlySet<CourtChip>, chip: CourtChip): Set<CourtChip> {
  const next = new Set(chips);
  if (next.has(chip)) {
    next.delete(chip);
    return next;
  }
  next.add(chip);
  if (chip === "indoor") next.delete("outdoor");
  if (chip === "outdoor") next.delete("indoor");
  return next;
}
