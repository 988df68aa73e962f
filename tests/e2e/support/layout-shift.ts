/**
 * Cumulative Layout Shift as Chromium's own metric counts it: layout-shift entries without
 * recent input, grouped into session windows (a gap of at most 1 s, at most 5 s long); CLS is
 * the largest window. A PerformanceObserver is installed in every document before its scripts
 * run (so a page's first shifts while data loads are counted), buffered, and read on demand.
 */
import type { BrowserContext, Page } from "playwright-core";

declare global {
  interface Window {
    __layoutShifts?: { value: number; time: number; sources: string[] }[];
  }
}

/** Installs the observer in every page of this context, for every navigation. */
export async function observeLayoutShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    window.__layoutShifts = [];
    const describe = (node: Node | null | undefined) => {
      if (!(node instanceof Element)) return "?";
      const id = node.id ? `#${node.id}` : "";
      const label = node.getAttribute("aria-label");
      const classes = (node.getAttribute("class") ?? "").split(/\s+/).slice(0, 3).join(".");
      return `${node.tagName.toLowerCase()}${id}${label ? `[${label}]` : ""}${classes ? `.${classes}` : ""}`;
    };
    const rect = (r: DOMRectReadOnly) =>
      `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: {
          node?: Node | null;
          previousRect: DOMRectReadOnly;
          currentRect: DOMRectReadOnly;
        }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        window.__layoutShifts?.push({
          value: entry.value,
          time: entry.startTime,
          // Where each moved from and to, so a failure says which way it went.
          sources: (entry.sources ?? []).map(
            (s) => `${describe(s.node)} ${rect(s.previousRect)} → ${rect(s.currentRect)}`,
          ),
        });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

export interface LayoutShiftReport {
  cls: number;
  /** the shifts of the worst window, for the failure message */
  worst: { value: number; time: number; sources: string[] }[];
}

/** The page's CLS so far (since its document loaded). */
export async function layoutShift(page: Page): Promise<LayoutShiftReport> {
  const shifts: LayoutShiftReport["worst"] = await page.evaluate(() => window.__layoutShifts ?? []);
  let best: LayoutShiftReport = { cls: 0, worst: [] };
  let session: LayoutShiftReport["worst"] = [];
  let sum = 0;
  for (const shift of shifts) {
    const first = session[0];
    const last = session[session.length - 1];
    if (first && last && (shift.time - last.time > 1000 || shift.time - first.time > 5000)) {
      session = [];
      sum = 0;
    }
    session.push(shift);
    sum += shift.value;
    if (sum > best.cls) best = { cls: sum, worst: [...session] };
  }
  return best;
}

/**
 * What does not fit the phone's width: the page itself scrolling sideways, or a card (article)
 * wider than the column it sits in or than the viewport, or content wider than its card.
 */
export async function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width) {
      found.push(`the page is ${document.documentElement.scrollWidth}px wide in ${width}px`);
    }
    for (const card of document.querySelectorAll("main article")) {
      const box = card.getBoundingClientRect();
      // The list it is laid out in (a grid item can outgrow its column), else its parent.
      const column = (card.closest("ul, ol") ?? card.parentElement)?.getBoundingClientRect();
      const name = card.getAttribute("aria-label") ?? card.textContent?.slice(0, 30);
      if (box.right > width + 0.5)
        found.push(`card "${name}" ends at ${box.right}px of ${width}px`);
      if (column && box.right > column.right + 0.5) {
        found.push(`card "${name}" overflows its column by ${box.right - column.right}px`);
      }
      if (card.scrollWidth > card.clientWidth + 1) {
        found.push(`card "${name}" holds ${card.scrollWidth}px in ${card.clientWidth}px`);
      }
    }
    return found;
  });
}
