import { Marker, TileLayer } from "leaflet";
import { afterEach, describe, expect, it } from "vitest";
import {
  addCityMarkers,
  addStreetTiles,
  createCitiesMap,
  US_CENTER,
  US_ZOOM,
} from "./build-cities-map.ts";
import { US_CITIES } from "./us-cities.ts";

let remove: (() => void) | undefined;
afterEach(() => remove?.());

function build() {
  const container = document.createElement("div");
  document.body.append(container);
  const map = createCitiesMap(container, { animate: false });
  addStreetTiles(map);
  const slots = addCityMarkers(map, US_CITIES);
  remove = () => {
    map.remove();
    container.remove();
  };
  return { map, slots };
}

describe("the cities map's steps", () => {
  it("opens on the centre of the contiguous US at zoom 4", () => {
    const { map } = build();
    expect(US_CENTER).toEqual([39.8283, -98.5795]);
    expect(map.getCenter()).toMatchObject({ lat: 39.8283, lng: -98.5795 });
    expect(map.getZoom()).toBe(US_ZOOM);
    expect(US_ZOOM).toBe(4);
  });

  it("shows zoom buttons and leaves the mouse wheel to the page", () => {
    const { map } = build();
    expect(map.zoomControl).toBeDefined();
    expect(map.scrollWheelZoom.enabled()).toBe(false);
  });

  it("gives each city a centred 44 px marker and a popup of 220 to 250 px", () => {
    const { map, slots } = build();
    expect(slots.map((s) => s.city)).toEqual(US_CITIES);
    const markers: Marker[] = [];
    map.eachLayer((layer) => {
      if (layer instanceof Marker) markers.push(layer);
    });
    expect(markers).toHaveLength(16);
    for (const marker of markers) {
      const { iconSize, iconAnchor } = marker.getIcon().options;
      expect(iconSize).toEqual([44, 44]);
      expect(iconAnchor).toEqual([22, 22]);
      expect(marker.options.keyboard).toBe(true);
      expect(marker.getPopup()?.options).toMatchObject({ maxWidth: 250, minWidth: 220 });
    }
  });

  const tileLayers = (map: ReturnType<typeof build>["map"]) => {
    const tiles: TileLayer[] = [];
    map.eachLayer((layer) => {
      if (layer instanceof TileLayer) tiles.push(layer);
    });
    return tiles;
  };

  it("credits OpenStreetMap from the start, before the tiles are added", () => {
    const container = document.createElement("div");
    document.body.append(container);
    const map = createCitiesMap(container, { animate: false });
    remove = () => {
      map.remove();
      container.remove();
    };
    expect(tileLayers(map)).toHaveLength(0);
    const credit = map.attributionControl.getContainer()?.querySelector("a[href*='copyright']");
    expect(credit?.textContent).toBe("OpenStreetMap");
  });

  it("loads street tiles from OpenStreetMap, without subdomains", () => {
    const tiles = tileLayers(build().map);
    expect(tiles).toHaveLength(1);
    expect((tiles[0] as unknown as { _url: string })._url).toBe(
      "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
    );
  });

  it("loads the tiles of TILE_URL when the server names it in the page", () => {
    const meta = document.createElement("meta");
    meta.name = "tile-url";
    meta.content = "https://tiles.example.com/{z}/{x}/{y}.png";
    document.head.append(meta);
    try {
      const [tiles] = tileLayers(build().map);
      expect((tiles as unknown as { _url: string })._url).toBe(
        "https://tiles.example.com/{z}/{x}/{y}.png",
      );
    } finally {
      meta.remove();
    }
  });
});
