import { getTimes } from "suncalc";
import { toZonedInputValue } from "../../../common/zoned-time.ts";

export interface Daylight {
  /** Sunset on the game's day at the court; null where the sun does not set or rise that day. */
  sunset: Date | null;
  /** Part of the game falls outside daylight: it ends after sunset or starts before sunrise. */
  endsAfterDark: boolean;
}

interface Place {
  latitude: number;
  longitude: number;
  timeZone: string;
}

const HOUR = 3_600_000;

/**
 * Sunrise and sunset (suncalc: the sun's upper edge on the horizon, with refraction) on the
 * court's calendar day of the game's start. suncalc picks the day from the instant it is given,
 * so it is given the local solar noon of that day, whatever the time of the game.
 */
export function daylightAt(place: Place, start: Date, end: Date): Daylight {
  const day = toZonedInputValue(start, place.timeZone);
  const noonUtc = Date.UTC(
    Number(day.slice(0, 4)),
    Number(day.slice(5, 7)) - 1,
    Number(day.slice(8, 10)),
    12,
  );
  const solarNoon = new Date(noonUtc - (place.longitude / 15) * HOUR);
  const times = getTimes(solarNoon, place.latitude, place.longitude);
  if (times.sunrise === null || times.sunset === null) {
    return { sunset: null, endsAfterDark: times.alwaysDown === true };
  }
  return {
    sunset: times.sunset,
    endsAfterDark: end > times.sunset || start < times.sunrise,
  };
}
