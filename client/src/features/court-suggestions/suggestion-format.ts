import type { CourtSuggestion, SuggestionStatus } from "@common/court-suggestions.ts";

export const STATUS_LABELS: Record<SuggestionStatus, string> = {
  pending: "Waiting for players nearby",
  accepted: "Accepted",
  rejected: "Rejected",
  expired: "Expired",
};

const yesNo = (value: boolean, yes: string, no: string) => (value ? yes : no);

/** What a suggestion proposes, one short phrase per fact ('Lights', '2 courts', 'Closed for good'). */
export function proposalLines(suggestion: Pick<CourtSuggestion, "kind" | "proposal">): string[] {
  const p = suggestion.proposal;
  const lines: string[] = [];
  if (suggestion.kind === "change" && p.name !== null) lines.push(`Name: ${p.name}`);
  if (p.address) lines.push(p.address);
  if (p.isIndoor !== null) lines.push(yesNo(p.isIndoor, "Indoor", "Outdoor"));
  if (p.lighting !== null) lines.push(yesNo(p.lighting, "Lights", "No lights"));
  if (p.freeToPlay !== null) lines.push(yesNo(p.freeToPlay, "Free", "Paid"));
  if (p.numberOfCourts !== null) {
    lines.push(p.numberOfCourts === 1 ? "1 court" : `${p.numberOfCourts} courts`);
  }
  if (p.closed) lines.push("Closed for good");
  return lines;
}

/** 'New court: Pier Park' or 'Correction of Venice Beach'. */
export function suggestionTitle(suggestion: Pick<CourtSuggestion, "kind" | "courtName">): string {
  return suggestion.kind === "new"
    ? `New court: ${suggestion.courtName}`
    : `Correction of ${suggestion.courtName}`;
}
