import type { Bounds } from "./osm-elements.ts";

/** Cells of about 2 km: fine enough that a neighbouring extract's courts are rarely inside. */
export const CELL_DEGREES = 0.02;
const COLUMNS = Math.round(360 / CELL_DEGREES);
const ROWS = Math.round(180 / CELL_DEGREES);

function cellOf(lat: number, lon: number): number {
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return -1;
  const row = Math.min(ROWS - 1, Math.max(0, Math.floor((lat + 90) / CELL_DEGREES)));
  const column = Math.min(COLUMNS - 1, Math.max(0, Math.floor((lon + 180) / CELL_DEGREES)));
  return row * COLUMNS + column;
}

/**
 * The area an extract covers, as the cells of a world grid that hold at least one of its nodes
 * (within the bounds it declares, when it declares any). A court an earlier import brought in
 * is retired only when it lies there and the extract no longer has it, so importing a second
 * city's or state's extract never retires the first one's courts. One bit per cell: 20 MB for
 * the whole world, whatever the size of the file.
 */
export class Coverage {
  private readonly bits = new Uint8Array(Math.ceil((COLUMNS * ROWS) / 8));
  private declared: Bounds | null = null;
  private cellCount = 0;

  add(lat: number, lon: number): void {
    const cell = cellOf(lat, lon);
    if (cell < 0) return;
    const byte = cell >> 3;
    const bit = 1 << (cell & 7);
    const current = this.bits[byte] ?? 0;
    if ((current & bit) === 0) {
      this.bits[byte] = current | bit;
      this.cellCount += 1;
    }
  }

  declare(bounds: Bounds | null): void {
    const valid =
      bounds?.every(Number.isFinite) && bounds[0] <= bounds[2] && bounds[1] <= bounds[3];
    this.declared = valid ? bounds : null;
  }

  covers(lat: number, lon: number): boolean {
    const box = this.declared;
    if (box && (lon < box[0] || lat < box[1] || lon > box[2] || lat > box[3])) return false;
    const cell = cellOf(lat, lon);
    return cell >= 0 && ((this.bits[cell >> 3] ?? 0) & (1 << (cell & 7))) !== 0;
  }

  /** Square kilometres covered, roughly, for the summary. */
  get cells(): number {
    return this.cellCount;
  }
}
