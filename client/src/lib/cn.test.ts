import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { cn } from "./cn.ts";

// Every class our components write: the words of every string in client/src (as Tailwind
// itself finds them), which takes in plenty of words that are no class at all. Not the list
// of group ids, whose words only look like classes.
const sources = import.meta.glob<string>(
  ["../**/*.{ts,tsx}", "!../**/*.test.{ts,tsx}", "!./tailwind-groups.ts"],
  {
    query: "?raw",
    import: "default",
    eager: true,
  },
);
const words = new Set<string>();
for (const source of Object.values(sources)) {
  for (const [, text = ""] of source.matchAll(/["'`]([^"'`\n]*)["'`]/g)) {
    for (const word of text.split(/\s+/)) if (word) words.add(word);
  }
}
/** A class tailwind-merge knows: it merges two copies of it into one. */
const isClass = (merge: (classes: string) => string, word: string) =>
  merge(`${word} ${word}`) === word;
const classes = [...words].filter((word) => isClass(twMerge, word));

describe("cn", () => {
  it("lets a later class override an earlier one of the same kind", () => {
    expect(cn("px-2 py-1 text-sm", "px-4", false, undefined, "hover:bg-muted")).toBe(
      "py-1 text-sm px-4 hover:bg-muted",
    );
    expect(cn("p-4", "px-2")).toBe("p-4 px-2");
    expect(cn("px-2", "p-4")).toBe("p-4");
  });

  it("knows every kind of class written in client/src", () => {
    expect(classes.length).toBeGreaterThan(500);
    expect(classes).toContain("hover:bg-destructive/90");
    const unknown = classes.filter((word) => !isClass(cn, word));
    // A class listed here belongs to a group missing from USED_CLASS_GROUPS.
    expect(unknown).toEqual([]);
  });

  it("merges all of them as tailwind-merge's full config does, in either order", () => {
    expect(cn(classes)).toBe(twMerge(classes.join(" ")));
    const reversed = [...classes].reverse();
    expect(cn(reversed)).toBe(twMerge(reversed.join(" ")));
  });

  it("leaves classes of groups nobody uses alone (so the check above can fail)", () => {
    expect(twMerge("columns-2 columns-3")).toBe("columns-3");
    expect(cn("columns-2 columns-3")).toBe("columns-2 columns-3");
  });
});
