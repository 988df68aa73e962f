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
