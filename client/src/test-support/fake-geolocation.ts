import { afterEach } from "vitest";

type Outcome =
  | { position: { latitude: number; longitude: number; accuracy?: number } }
  | { errorCode: 1 | 2 | 3 }
  | "unsupported";

/**
 * Gives navigator.geolocation (which jsdom lacks) one outcome for the test: a position, an
 * error (1 denied, 2 unavailable, 3 timeout), or no support at all. Removed after each test.
 */
export function fakeGeolocation(outcome: Outcome) {
  const asked: PositionOptions[] = [];
  const geolocation =
    outcome === "unsupported"
      ? undefined
      : {
          getCurrentPosition(
            onSuccess: PositionCallback,
            onError?: PositionErrorCallback | null,
            options?: PositionOptions,
          ) {
            asked.push(options ?? {});
            setTimeout(() => {
              if ("position" in outcome) {
                onSuccess({
                  coords: outcome.position,
                  timestamp: Date.now(),
                } as GeolocationPosition);
              } else {
                onError?.({ code: outcome.errorCode, message: "" } as GeolocationPositionError);
              }
            }, 0);
          },
        };
  Object.defineProperty(navigator, "geolocation", { value: geolocation, configurable: true });
  return { asked };
}

afterEach(() => {
  Object.defineProperty(navigator, "geolocation", { value: undefined, configurable: true });
});
