import type { CheckInPosition } from "@common/attendance.ts";
import type { Position } from "@common/position.ts";

/** Why no position came: the browser has none to give, the player said no, or it failed. */
export type PositionFailure = "unsupported" | "denied" | "unavailable";

export class PositionError extends Error {
  constructor(readonly reason: PositionFailure) {
    super(
      reason === "denied"
        ? "Location access was denied."
        : reason === "unsupported"
          ? "This browser cannot share its location."
          : "Your location could not be found.",
    );
  }
}

/** The browser's current position, once (a fresh fix within a minute is fine). */
export function currentPosition(): Promise<Position> {
  const geolocation = "geolocation" in navigator ? navigator.geolocation : undefined;
  if (!geolocation) return Promise.reject(new PositionError("unsupported"));
  return new Promise((resolve, reject) => {
    geolocation.getCurrentPosition(
      ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude }),
      (error) =>
        reject(
          new PositionError(
            error.code === error.PERMISSION_DENIED || error.code === 1 ? "denied" : "unavailable",
          ),
        ),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  });
}

/**
 * The browser's position with its accuracy, only when the player already lets this site read it
 * (no prompt), within a few seconds; otherwise undefined. A check-in sends it so the server can
 * tell it was made at the court (decision 100).
 */
export async function positionIfAllowed(): Promise<CheckInPosition | undefined> {
  try {
    const permission = await navigator.permissions?.query({ name: "geolocation" });
    if (permission?.state !== "granted" || !("geolocation" in navigator)) return undefined;
    return await new Promise((resolve) => {
      navigator.geolocation.getCurrentPosition(
        ({ coords }) =>
          resolve({
            latitude: coords.latitude,
            longitude: coords.longitude,
            accuracy: coords.accuracy,
          }),
        () => resolve(undefined),
        { enableHighAccuracy: true, timeout: 5_000, maximumAge: 60_000 },
      );
    });
  } catch {
    return undefined;
  }
}

/**
 * Makes a call that needs the player to be somewhere (at a court, near a suggestion): first
 * without a position, since a check-in or saved city may be enough; when the server says no
 * (403), once more with the browser's position.
 */
export async function withPositionIfRefused<T>(
  call: (position?: Position) => Promise<T>,
  isRefusal: (error: unknown) => boolean,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isRefusal(error)) throw error;
    return call(await currentPosition());
  }
}
