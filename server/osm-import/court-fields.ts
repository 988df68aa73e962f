import { timeZoneAt } from "../lib/time-zone.ts";
import type { CourtKind } from "./basketball.ts";
import type { CityFinder } from "./nearest-city.ts";
import type { OsmElementType, Tags } from "./osm-elements.ts";

/** A court as an import writes it: the OpenStreetMap element it came from and its facts. */
export type ImportedCourt = {
  osmType: OsmElementType;
  osmId: number;
  name: string;
  address: string | null;
  city: string | null;
  latitude: number;
  longitude: number;
  timeZone: string;
  isIndoor: boolean;
  courtType: "indoor" | "outdoor";
  numberOfCourts: number;
  lighting: boolean;
  freeToPlay: boolean;
  description: string | null;
  surface: string | null;
  openingHours: string | null;
};

// Column widths of server/db/schema.ts: longer values are cut rather than refused.
const NAME_MAX = 200;
const ADDRESS_MAX = 300;
const CITY_MAX = 200;
const SURFACE_MAX = 100;
const OPENING_HOURS_MAX = 255;
const DESCRIPTION_MAX = 1000;
/** More hoops than this is a typo (hoops=222), not a court: the default of one court stays. */
const HOOPS_MAX = 60;

function text(value: string | undefined, max: number): string | null {
  // PostgreSQL cannot store U+0000; other control characters have no place in a name either.
  const cleaned = value?.replace(/[\s\p{Cc}]+/gu, " ").trim();
  if (!cleaned) return null;
  const chars = [...cleaned];
  return chars.length <= max
    ? cleaned
    : `${chars
        .slice(0, max - 1)
        .join("")
        .trimEnd()}…`;
}

const lower = (value: string | undefined) => value?.trim().toLowerCase() ?? "";

/** `lit=yes`, `24/7`, `automatic`, `sunset-sunrise`, opening hours…: anything but no. */
function isLit(tags: Tags): boolean {
  const lit = lower(tags.lit);
  return lit !== "" && !["no", "disused", "false", "0", "none"].includes(lit);
}

function isIndoor(tags: Tags, kind: CourtKind): boolean {
  if (kind === "sports_centre") return true;
  const indoor = lower(tags.indoor);
  return (indoor !== "" && indoor !== "no") || lower(tags.covered) === "yes";
}

const CLOSED_ACCESS = new Set(["private", "no", "customers", "members", "permit", "delivery"]);

/** Free to play unless a fee is asked or only some people may enter. */
function isFree(tags: Tags): boolean {
  const fee = lower(tags.fee);
  if (fee !== "" && fee !== "no" && fee !== "free") return false;
  return !CLOSED_ACCESS.has(lower(tags.access));
}

/**
 * `hoops` counts baskets, and a full court has two: hoops=4 is two courts, hoops=1 a half
 * court (one). Missing or unreadable values keep the schema's default of one court.
 */
function courtsFromHoops(tags: Tags): number {
  const hoops = Number.parseInt(tags.hoops ?? "", 10);
  if (!Number.isInteger(hoops) || hoops < 1 || hoops > HOOPS_MAX) return 1;
  return Math.ceil(hoops / 2);
}

/** '1800 Ocean Front Walk, Venice, CA 90291' from addr:*; null when no street or place. */
function addressFromTags(tags: Tags, fallbackCity: string | null): string | null {
  const street = [tags["addr:housenumber"], tags["addr:street"] ?? tags["addr:place"]]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");
  const city = tags["addr:city"]?.trim() || fallbackCity;
  const region = [tags["addr:state"] ?? tags["addr:province"], tags["addr:postcode"]]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");
  if (!tags["addr:street"] && !tags["addr:place"]) {
    // Only a town in the tags: an address all the same, if a coarse one.
    return tags["addr:city"]?.trim()
      ? [tags["addr:city"].trim(), region].filter(Boolean).join(", ")
      : null;
  }
  return [street, city, region].filter(Boolean).join(", ");
}

/**
 * The court fields of one OpenStreetMap basketball element at its position. Unnamed courts are
 * called what they are and where ('Basketball court, Vaduz'); without addr:* tags the address
 * says which known place it is near.
 */
export function courtFields(
  element: { type: OsmElementType; id: number; tags: Tags; kind: CourtKind },
  position: { lat: number; lon: number },
  findCity: CityFinder,
): ImportedCourt {
  const { tags, kind } = element;
  const latitude = Math.round(position.lat * 1e7) / 1e7;
  const longitude = Math.round(position.lon * 1e7) / 1e7;
  const nearby = findCity(latitude, longitude);
  const city = text(tags["addr:city"], CITY_MAX) ?? nearby?.city.name ?? null;
  const what = kind === "sports_centre" ? "Sports centre" : "Basketball court";
  const name =
    text(tags.name, NAME_MAX) ??
    text(nearby ? `${what}, ${nearby.place.name}` : what, NAME_MAX) ??
    what;
  const address =
    addressFromTags(tags, nearby?.city.name ?? null) ??
    (nearby ? `near ${nearby.place.label}` : null);
  const indoor = isIndoor(tags, kind);
  return {
    osmType: element.type,
    osmId: element.id,
    name,
    address: text(address ?? undefined, ADDRESS_MAX),
    city,
    latitude,
    longitude,
    timeZone: timeZoneAt(latitude, longitude),
    isIndoor: indoor,
    courtType: indoor ? "indoor" : "outdoor",
    numberOfCourts: courtsFromHoops(tags),
    lighting: isLit(tags),
    freeToPlay: isFree(tags),
    description: text(tags.description, DESCRIPTION_MAX),
    surface: text(tags.surface, SURFACE_MAX),
    openingHours: text(tags.opening_hours, OPENING_HOURS_MAX),
  };
}
