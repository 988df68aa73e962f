import { sql } from "drizzle-orm";
import type { Court } from "../../../common/courts.ts";
import { courts } from "../../db/schema.ts";

/**
 * A court as every list answers it (common/courts.ts courtSchema): the select of all courts
 * reads. The time zone is never null (migration 0011's check); coalesce only tells the types.
 */
export const courtColumns = {
  id: courts.id,
  name: courts.name,
  address: courts.address,
  latitude: courts.latitude,
  longitude: courts.longitude,
  isIndoor: courts.isIndoor,
  courtType: courts.courtType,
  numberOfCourts: courts.numberOfCourts,
  lighting: courts.lighting,
  freeToPlay: courts.freeToPlay,
  rating: courts.rating,
  description: courts.description,
  amenities: courts.amenities,
  activePlayers: courts.activePlayers,
  surface: courts.surface,
  openingHours: courts.openingHours,
  timeZone: sql<string>`coalesce(${courts.timeZone}, 'UTC')`,
} satisfies Record<keyof Court, unknown>;
