import { describe, expect, it } from "vitest";
import { z } from "zod";
import { decent, isDecent, TEXT_REFUSED } from "./text-filter.ts";

// What players really write: the game's words, LA's courts and names that hide a listed word.
const ORDINARY = [
  "assist",
  "Pass it to Cass, he's open",
  "Bring a ball and water, we run at 6",
  "Pick and roll, box out, and-one",
  "Balls, bricks and buckets",
  "That crossover was sick",
  "Shooting hoops at Pan Pacific Park",
  "Rancho Cienega, Penmar Park, Venice Beach",
  "Hancock Park",
  "Cockburn Court",
  "Hitchcock",
  "Scunthorpe",
  "Dickens",
  "Dickinson",
  "Dickerson",
  "Pete Dickson",
  "Cummings",
  "Fagan",
  "Fu Yuanhui",
  "Fukuda",
  "Annaliese",
  "Analise",
  "Essex",
  "Titusville",
  "Sexton",
  "Shiitake",
  "classic",
  "therapist",
  "grapes",
  "damn, that was close",
];

const PROFANE = [
  "shit",
  "sh1t",
  "this is bullshit",
  "fuck",
  "fuuuuck off",
  "f*ck",
  "b1tch",
  "a$$hole",
  "c0ck",
  "Motherfucker",
];

describe("the text filter", () => {
  it.each(ORDINARY)("lets %j through", (text) => {
    expect(isDecent(text)).toBe(true);
  });

  it.each(PROFANE)("refuses %j", (text) => {
    expect(isDecent(text)).toBe(false);
  });

  it("refuses a listed word alone even when it is someone's name", () => {
    // The price of a word list: 'Dick' alone is refused; 'Dickson' and 'Dickens' are not.
    expect(isDecent("Dick")).toBe(false);
  });

  it("refuses through a schema with one message on the field", () => {
    const schema = z.object({ title: decent(z.string().trim().min(1, "Title is required")) });
    const result = schema.safeParse({ title: "  Sh1t show at Pan Pac  " });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ["title"], message: TEXT_REFUSED }),
    ]);
    expect(schema.parse({ title: "  Run at Pan Pac  " })).toEqual({ title: "Run at Pan Pac" });
  });

  it("does not read text another rule refused: one message, and no scan of a huge value", () => {
    const schema = decent(z.string().max(10, "Too long"));
    const result = schema.safeParse(`shit ${"x".repeat(1_000_000)}`);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(["Too long"]);
  });
});
