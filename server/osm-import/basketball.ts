import type { Tags } from "./osm-elements.ts";

/** The tag keys the import reads; every other tag is dropped while parsing. */
export const COURT_TAG_KEYS = [
  "leisure",
  "sport",
  "type",
  "name",
  "lit",
  "indoor",
  "covered",
  "access",
  "fee",
  "hoops",
  "surface",
  "opening_hours",
  "description",
  "addr:housenumber",
  "addr:street",
  "addr:place",
  "addr:city",
  "addr:state",
  "addr:province",
  "addr:postcode",
] as const;

export type CourtKind = "pitch" | "sports_centre";

const values = (value: string | undefined) =>
  (value ?? "")
    .split(";")
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);

/**
 * A basketball court as the issue defines it: `sport=basketball`, alone or in a `;` list, on a
 * `leisure=pitch`, or a `leisure=sports_centre` that lists basketball. Anything else is not.
 */
export function courtKind(tags: Tags | undefined): CourtKind | null {
  if (!tags || !values(tags.sport).includes("basketball")) return null;
  const leisure = values(tags.leisure);
  if (leisure.includes("pitch")) return "pitch";
  if (leisure.includes("sports_centre")) return "sports_centre";
  return null;
}
