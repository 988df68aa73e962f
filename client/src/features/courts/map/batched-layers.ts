import type { Layer, Map as LeafletMap } from "leaflet";

/**
 * Markers added to the map in one task. A marker's icon is parsed and placed as it is added
 * (about a tenth of a millisecond each on a desktop, several times that on a phone): a few
 * hundred at once held the main thread for 100–300 ms when a view's tiles answered
 * (Lighthouse's blocking time on /courts, issue 13). Forty keep a task short on a phone.
 */
export const LAYERS_PER_TASK = 40;

/** A layer of the map by a key that changes whenever the layer would look different. */
export type KeyedLayer = { key: string; create: () => Layer };

/**
 * Keeps a map's layers equal to the last list it was shown, by key: layers no longer wanted
 * leave at once, layers already there stay as they are (no flicker on a pan), and new ones are
 * added a batch per task, from the next task on, in the list's order, so the page stays
 * responsive while they come.
 */
export class BatchedLayers {
  private readonly shown = new Map<string, Layer>();
  private pending: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly map: LeafletMap,
    private readonly perTask = LAYERS_PER_TASK,
  ) {}

  show(wanted: readonly KeyedLayer[]): void {
    this.cancel();
    const keys = new Set(wanted.map((entry) => entry.key));
    for (const [key, layer] of this.shown) {
      if (keys.has(key)) continue;
      layer.remove();
      this.shown.delete(key);
    }
    const queue = wanted.filter((entry) => !this.shown.has(entry.key));
    const addBatch = () => {
      this.pending = undefined;
      for (const entry of queue.splice(0, this.perTask)) {
        if (this.shown.has(entry.key)) continue; // a key listed twice
        this.shown.set(entry.key, entry.create().addTo(this.map));
      }
      if (queue.length > 0) this.pending = setTimeout(addBatch, 0);
    };
    // Even the first batch waits for a task of its own: not the one that rendered the view.
    if (queue.length > 0) this.pending = setTimeout(addBatch, 0);
  }

  /** Removes every layer it added and anything still waiting to be added. */
  clear(): void {
    this.cancel();
    for (const layer of this.shown.values()) layer.remove();
    this.shown.clear();
  }

  private cancel(): void {
    if (this.pending !== undefined) clearTimeout(this.pending);
    this.pending = undefined;
  }
}
