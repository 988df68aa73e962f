import { z } from "zod";

export const LATITUDE_MESSAGE = "Latitude must be a number from -90 to 90";
export const LONGITUDE_MESSAGE = "Longitude must be a number from -180 to 180";

export const latitudeSchema = z
  .number({ error: LATITUDE_MESSAGE })
  .min(-90, LATITUDE_MESSAGE)
  .max(90, LATITUDE_MESSAGE);
export const longitudeSchema = z
  .number({ error: LONGITUDE_MESSAGE })
  .min(-180, LONGITUDE_MESSAGE)
  .max(180, LONGITUDE_MESSAGE);

/** A point on the globe, as a browser's geolocation or a tap on a map gives it. */
export const positionSchema = z.object({ latitude: latitudeSchema, longitude: longitudeSchema });
export type Position = z.infer<typeof positionSchema>;

const EARTH_RADIUS_MILES = 3958.8;
export const METERS_PER_MILE = 1609.344;
const rad = (deg: number) => (deg * Math.PI) / 180;

type MaybePosition = { latitude: number | null; longitude: number | null };

/** Great-circle miles between two positions; null unless both are known. */
export function milesBetween(a: MaybePosition | null | undefined, b: MaybePosition): number | null {
  if (!a || a.latitude === null || a.longitude === null) return null;
  if (b.latitude === null || b.longitude === null) return null;
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}
