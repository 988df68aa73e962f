import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_TILE_URL, tileOptions } from "./tile-layer.ts";

function withTileUrl(url: string) {
  const meta = document.createElement("meta");
  meta.name = "tile-url";
  meta.content = url;
  document.head.append(meta);
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.querySelector('meta[name="tile-url"]')?.remove();
});

describe("tileOptions", () => {
  it("a 1× screen: the tiles as they are", () => {
    vi.stubGlobal("devicePixelRatio", 1);
    expect(tileOptions(19)).toEqual({ url: DEFAULT_TILE_URL, maxZoom: 19 });
  });

  it("a 1.75× phone: the next zoom's tiles at half size, every zoom level still drawn", () => {
    vi.stubGlobal("devicePixelRatio", 1.75);
    // Leaflet takes a level off maxZoom for detectRetina: 20 - 1 = 19; the tiles asked for
    // stop at maxNativeZoom + 1 = 19, the tile server's last.
    expect(tileOptions(19)).toEqual({
      url: DEFAULT_TILE_URL,
      maxZoom: 20,
      maxNativeZoom: 18,
      detectRetina: true,
    });
  });

  it("a 1.25× laptop: unchanged (a 256 px tile is sharp enough there)", () => {
    vi.stubGlobal("devicePixelRatio", 1.25);
    expect(tileOptions()).toEqual({ url: DEFAULT_TILE_URL, maxZoom: 18 });
  });

  it("a tile server with @2x tiles ({r}): the same tiles and zooms, Leaflet asks for @2x", () => {
    vi.stubGlobal("devicePixelRatio", 2);
    withTileUrl("https://tiles.example.com/{z}/{x}/{y}{r}.png");
    expect(tileOptions(19)).toEqual({
      url: "https://tiles.example.com/{z}/{x}/{y}{r}.png",
      maxZoom: 19,
    });
  });
});
