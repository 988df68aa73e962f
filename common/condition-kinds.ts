// Zod-free, so pages can show these without loading the schemas (issue 13); re-exported by
// court-conditions.ts for the server and the forms.

const HOUR = 60;
const DAY = 24 * HOUR;

/**
 * What players report about a court. Each kind is about one subject (a newer report on the
 * same subject replaces an older one on the page: 'Lights working' after 'Lights out') and
 * lapses after its own time: a crowd changes within the hour, broken rims stay for weeks.
 * Every confirmation by another player starts that time again from the confirmation.
 */
export const CONDITION_KINDS = {
  rims_ok: { subject: "rims", label: "Rims in good shape", tone: "good", minutes: 14 * DAY },
  rims_broken: { subject: "rims", label: "Rims broken or missing", tone: "bad", minutes: 14 * DAY },
  nets_ok: { subject: "nets", label: "Nets up", tone: "good", minutes: 7 * DAY },
  nets_missing: { subject: "nets", label: "Nets missing", tone: "bad", minutes: 7 * DAY },
  lights_ok: { subject: "lights", label: "Lights working", tone: "good", minutes: 3 * DAY },
  lights_out: { subject: "lights", label: "Lights not working", tone: "bad", minutes: 3 * DAY },
  surface_wet: { subject: "surface", label: "Surface wet", tone: "bad", minutes: 6 * HOUR },
  court_full: { subject: "crowd", label: "Court full", tone: "bad", minutes: 90 },
  locked: { subject: "access", label: "Locked or closed", tone: "bad", minutes: 12 * HOUR },
} as const;
export type ConditionKind = keyof typeof CONDITION_KINDS;
export const CONDITION_KIND_KEYS = Object.keys(CONDITION_KINDS) as [
  ConditionKind,
  ...ConditionKind[],
];
