import type { OperatorAction, OperatorReport, ReportKind } from "@common/moderation.ts";
import { dateFormat } from "@common/zoned-time.ts";

/** What was reported, in words (the contract names the kinds, not how to say them). */
export const REPORT_KIND_LABELS: Record<ReportKind, string> = {
  player: "Player",
  message: "Game chat message",
  condition_report: "Court condition report",
  court_suggestion: "Court suggestion",
  game: "Game",
};

/** The content's name for "Hide the …". */
const HIDDEN_THING: Record<ReportKind, string> = {
  player: "player",
  message: "message",
  condition_report: "condition report",
  court_suggestion: "suggestion",
  game: "game",
};

/** "Nov 27, 2026, 6:00 PM" on the operator's clock. */
export const formatWhen = (iso: string) =>
  dateFormat({ dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

/** "Nov 27, 2026" */
export const formatDay = (iso: string) => dateFormat({ dateStyle: "medium" }).format(new Date(iso));

type ActionWords = { button: string; title: string; explain: string; done: string };

/** The button, the dialog's title and explanation, and the toast of each action. */
export function actionWords(action: OperatorAction, report: OperatorReport): ActionWords {
  const name = report.reported?.name ?? "the player";
  switch (action) {
    case "dismiss":
      return {
        button: "Dismiss",
        title: "Dismiss this report?",
        explain: "Nothing changes for anyone; the report closes.",
        done: "Report dismissed",
      };
    case "hide":
      return {
        button: "Hide",
        title: `Hide the ${HIDDEN_THING[report.kind]}?`,
        explain: `Nobody sees it any more. ${name} is told why.`,
        done: "Content hidden",
      };
    case "warn":
      return {
        button: "Warn",
        title: `Warn ${name}?`,
        explain: `${name} is told, with your reason. Nothing else changes.`,
        done: "Player warned",
      };
    case "suspend":
      return {
        button: "Suspend",
        title: `Suspend ${name}?`,
        explain: `${name} can sign in and read, but not post or change anything, until the days are up.`,
        done: "Player suspended",
      };
    case "ban":
      return {
        button: "Ban",
        title: `Ban ${name}?`,
        explain: `${name} can no longer sign in.`,
        done: "Player banned",
      };
  }
}
