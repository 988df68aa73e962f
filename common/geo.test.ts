import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { boundingBox, distanceBetween, milesBetween, roundCoordinate } from "./geo.ts";

const VENICE = { latitude: 33.985, longitude: -118.47 };
const NEW_YORK = { latitude: 40.7128, longitude: -74.006 };

const position = fc.record({
  latitude: fc.double({ min: -89.9, max: 89.9, noNaN: true }),
  longitude: fc.double({ min: -180, max: 180, noNaN: true }),
});

describe("distanceBetween", () => {
  it("measures great-circle distance in miles or kilometres", () => {
    // One degree of latitude is 69.09 miles (111.195 km) on the mean-radius sphere.
    expect(
      distanceBetween({ latitude: 35, longitude: -118 }, { latitude: 34, longitude: -118 }),
    ).toBeCloseTo(69.09, 2);
    expect(
      distanceBetween({ latitude: 35, longitude: -118 }, { latitude: 34, longitude: -118 }, "km"),
    ).toBeCloseTo(111.195, 3);
    // Los Angeles to New York: about 2,450 miles as the crow flies.
    expect(distanceBetween(VENICE, NEW_YORK)).toBeGreaterThan(2440);
    expect(distanceBetween(VENICE, NEW_YORK)).toBeLessThan(2470);
    expect(distanceBetween(VENICE, VENICE)).toBe(0);
  });

  it("is symmetric, never negative, and a mile is 1.609 km", () => {
    fc.assert(
      fc.property(position, position, (a, b) => {
        const miles = distanceBetween(a, b);
        expect(miles).toBeGreaterThanOrEqual(0);
        expect(miles).toBeCloseTo(distanceBetween(b, a), 6);
        expect(distanceBetween(a, b, "km")).toBeCloseTo(miles * 1.609344, 3);
      }),
    );
  });

  it("stays a number for antipodes", () => {
    const d = distanceBetween({ latitude: 10, longitude: 20 }, { latitude: -10, longitude: -160 });
    expect(d).toBeCloseTo(Math.PI * 3958.7613, 1);
  });
});

describe("milesBetween", () => {
  it("needs both positions", () => {
    const court = { latitude: 34.0, longitude: -118.0 };
    expect(milesBetween(null, court)).toBeNull();
    expect(milesBetween({ latitude: null, longitude: null }, court)).toBeNull();
    expect(milesBetween(court, { latitude: 34, longitude: null })).toBeNull();
    expect(milesBetween({ latitude: 35.0, longitude: -118.0 }, court)).toBeCloseTo(69.1, 1);
  });
});

describe("boundingBox", () => {
  it("holds every point of the circle, at any latitude", () => {
    fc.assert(
      fc.property(
        position,
        fc.double({ min: 0.1, max: 500, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        (center, miles, bearing) => {
          // The point `miles` away from the centre in direction `bearing` (spherical law).
          const angle = miles / 3958.7613;
          const lat1 = (center.latitude * Math.PI) / 180;
          // Clamped: past a pole the sum can exceed 1 by a rounding error, and asin gives NaN.
          const sinLat2 =
            Math.sin(lat1) * Math.cos(angle) + Math.cos(lat1) * Math.sin(angle) * Math.cos(bearing);
          const lat2 = Math.asin(Math.min(1, Math.max(-1, sinLat2)));
          const dLng = Math.atan2(
            Math.sin(bearing) * Math.sin(angle) * Math.cos(lat1),
            Math.cos(angle) - Math.sin(lat1) * Math.sin(lat2),
          );
          const point = {
            latitude: (lat2 * 180) / Math.PI,
            longitude: center.longitude + (dLng * 180) / Math.PI,
          };
          const box = boundingBox(center, miles);
          // asin near ±1 (a circle reaching almost to a pole) keeps only about 1e-8 of its
          // precision: allow 1e-6° (about 10 cm), far below anything the box is used for.
          const eps = 1e-6;
          expect(point.latitude).toBeGreaterThanOrEqual(box.minLat - eps);
          expect(point.latitude).toBeLessThanOrEqual(box.maxLat + eps);
          // A circle over a pole takes every longitude: its point may lie past ±180 by the
          // centre's own offset, which is the same meridian.
          if (box.maxLng - box.minLng >= 360) return;
          expect(point.longitude).toBeGreaterThanOrEqual(box.minLng - eps);
          expect(point.longitude).toBeLessThanOrEqual(box.maxLng + eps);
        },
      ),
    );
  });

  it("is tight at mid latitudes and takes every longitude at a pole", () => {
    const box = boundingBox({ latitude: 34, longitude: -118 }, 50);
    expect(box.maxLat - 34).toBeCloseTo(0.7236, 3);
    expect(box.maxLng + 118).toBeCloseTo(0.8729, 3);
    expect(boundingBox({ latitude: 89.999, longitude: 0 }, 50)).toMatchObject({
      minLng: -180,
      maxLng: 180,
      maxLat: 90,
    });
    expect(boundingBox({ latitude: 34, longitude: -118 }, 50, "km").maxLat - 34).toBeCloseTo(
      0.4497,
      3,
    );
  });
});

describe("roundCoordinate", () => {
  it("keeps 7 decimals and turns vanishing values into 0", () => {
    expect(roundCoordinate(34.123456789)).toBe(34.1234568);
    expect(roundCoordinate(-118.00000004)).toBe(-118);
    expect(roundCoordinate(1e-300)).toBe(0);
    expect(Object.is(roundCoordinate(-1e-300), 0)).toBe(true);
  });
});
