import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from "obscenity";
import type { z } from "zod";

/**
 * The text filter (issue 34 point 4, decision 115): names, titles and messages others read are
 * refused with one clear message when obscenity's English word list finds a word in them. It
 * never rewrites or stars out a word: the player sees why and says it another way.
 */
export const TEXT_REFUSED = "Please keep it clean: this contains a word we don't allow.";

/**
 * Real names the word list refuses for a word inside them ('Dickinson', 'Cummings', 'Fu'). Each
 * is matched as written (any case), so a disguised spelling of the word is still refused.
 */
const ALLOWED = [
  "analis", // Analise, Analisa
  "annalis", // Annalise
  "annalies", // Annaliese
  "cockpit",
  "cumming", // Cumming, Cummings
  "dickerson",
  "dickey",
  "dickinson",
  "dickson",
  "fagan",
  "fagin",
  "fu", // the surname, alone; 'fuk' and the like stay refused
  "fuku", // Fukuda, Fukui, Fukushima
  "shiitake",
];

const dataset = englishDataset.build();
const matcher = new RegExpMatcher({
  blacklistedTerms: dataset.blacklistedTerms,
  whitelistedTerms: [...(dataset.whitelistedTerms ?? []), ...ALLOWED],
  ...englishRecommendedTransformers,
});

/** True when the word list finds nothing in `text`. */
export function isDecent(text: string): boolean {
  return !matcher.hasMatch(text);
}

/**
 * `schema` refusing text the word list finds a word in, with TEXT_REFUSED on the field. It reads
 * only text that passed the field's other rules, so an over-long value is refused for its length
 * and never scanned.
 */
export function decent<T extends z.ZodType<string, string>>(schema: T): T {
  return schema.refine(isDecent, {
    message: TEXT_REFUSED,
    when: (payload) => payload.issues.length === 0,
  });
}
