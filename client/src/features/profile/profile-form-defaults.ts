import { SKILL_DEFAULT } from "@common/constants.ts";
import type { ProfileInputValues } from "@common/profile.ts";
import type { Profile } from "@common/user.ts";

/** A new profile starts with the spec's defaults; an edit starts from what was saved. */
export function profileFormDefaults(saved: Profile | null | undefined): ProfileInputValues {
  return {
    nickname: saved?.nickname ?? "",
    primaryPosition: saved?.primaryPosition ?? "",
    // Stored text; the schema refuses anything but a position when the form is sent.
    secondaryPosition: (saved?.secondaryPosition ?? "") as ProfileInputValues["secondaryPosition"],
    skillHandles: saved?.skillHandles ?? SKILL_DEFAULT,
    skillShot: saved?.skillShot ?? SKILL_DEFAULT,
    skillIq: saved?.skillIq ?? SKILL_DEFAULT,
    skillVert: saved?.skillVert ?? SKILL_DEFAULT,
    skillDefense: saved?.skillDefense ?? SKILL_DEFAULT,
    location: saved?.location ?? "",
    isAvailable: saved?.isAvailable ?? true,
  };
}

/** Which step holds each field: Next validates only the fields of the current step. */
export const STEP_FIELDS = [
  ["nickname", "primaryPosition", "secondaryPosition"],
  ["skillHandles", "skillShot", "skillIq", "skillVert", "skillDefense"],
  ["location", "isAvailable"],
] as const satisfies readonly (readonly (keyof ProfileInputValues)[])[];

export const STEP_TITLES = ["Basic Info", "Position & Skills", "Location & Availability"] as const;

export function stepOfField(field: string): number {
  const index = STEP_FIELDS.findIndex((fields) => (fields as readonly string[]).includes(field));
  return index === -1 ? 0 : index;
}
