import type { NotificationSetting, PrivacySetting } from "@common/settings.ts";

type Labels<K extends string> = readonly { key: K; label: string; description: string }[];

/** Spec §2's notification toggles, in its order. */
export const NOTIFICATION_LABELS: Labels<NotificationSetting> = [
  { key: "gameInvites", label: "Game Invites", description: "When a bro invites you to a game." },
  { key: "newMessages", label: "New Messages", description: "When someone sends you a message." },
  {
    key: "courtUpdates",
    label: "Court Updates",
    description: "News about courts you play at, like closures and new lights.",
  },
  {
    key: "weeklyStats",
    label: "Weekly Stats",
    description: "A summary of your week on the court.",
  },
];

/** Spec §2's privacy toggles; what each one hides is what other players see of you. */
export const PRIVACY_LABELS: Labels<PrivacySetting> = [
  {
    key: "showLocation",
    label: "Show Location",
    description: "Let other players see you on maps and in nearby lists.",
  },
  {
    key: "showStats",
    label: "Show Stats",
    description: "Let other players see your games, win rate and other stats.",
  },
  {
    key: "allowFriendRequests",
    label: "Friend Requests",
    description: "Let other players send you friend requests.",
  },
];
