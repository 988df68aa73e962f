import { describe, expect, it } from "vitest";
import { initialView, nearbyFromSearch, viewForBounds, viewForCourts } from "./map-view.ts";

const at = (latitude: number, longitude: number) => ({ latitude, longitude });

describe("viewForCourts", () => {
  it("shows the continental US at zoom 4 when there are no courts", () => {
    expect(viewForCourts([])).toEqual({ kind: "center", center: [39.8283, -98.5795], zoom: 4 });
  });

  it("centres a single court at zoom 15", () => {
    expect(viewForCourts([at(33.98, -118.47)])).toEqual({
      kind: "center",
      center: [33.98, -118.47],
      zoom: 15,
    });
  });

  it("treats courts at one spot like a single court", () => {
    expect(viewForCourts([at(34, -118), at(34, -118)])).toMatchObject({ zoom: 15 });
  });

  it("fits the bounds of several courts", () => {
    const view = viewForCourts([at(34.1, -118.2), at(33.9, -118.5), at(34.0, -118.3)]);
    expect(view).toEqual({
      kind: "bounds",
      bounds: [
        [33.9, -118.5],
        [34.1, -118.2],
      ],
    });
  });
});

describe("nearbyFromSearch and initialView", () => {
  it("reads ?lat=&lng= and centres there at city zoom 11 instead of fitting the courts", () => {
    const nearby = nearbyFromSearch("lat=40.7128&lng=-74.006");
    expect(nearby).toEqual({ lat: 40.7128, lng: -74.006 });
    expect(initialView([-119, 34, -118, 35], nearby)).toEqual({
      kind: "center",
      center: [40.7128, -74.006],
      zoom: 11,
    });
  });

  it("ignores missing, partial, non-numeric or impossible coordinates", () => {
    for (const search of [
      "",
      "lat=40",
      "lng=-74",
      "lat=abc&lng=1",
      "lat=&lng=",
      "lat=91&lng=0",
      "lat=0&lng=181",
    ]) {
      expect(nearbyFromSearch(search), search).toBeNull();
    }
    expect(initialView(null, null)).toMatchObject({ zoom: 4 });
  });

  it("fits where the courts are, from the overview's bounds", () => {
    expect(initialView([-118.5, 33.9, -118.2, 34.1], null)).toEqual({
      kind: "bounds",
      bounds: [
        [33.9, -118.5],
        [34.1, -118.2],
      ],
    });
    expect(viewForBounds([9.52, 47.14, 9.52, 47.14])).toMatchObject({ kind: "center", zoom: 15 });
  });
});
