import {
  NOTIFICATION_SETTING_NAMES as NAMES,
  type NotificationSetting,
  type PrivacySetting,
} from "@common/settings.ts";

type Labels<K extends string> = readonly { key: K; label: string; description: string }[];

/**
 * Spec §2's notification toggles, in its order, then Email: with it off, what the other switches
 * let through still reaches the bell, and push on the devices that allow it.
 */
export const NOTIFICATION_LABELS: Labels<NotificationSetting> = [
  {
    key: "gameInvites",
    label: NAMES.gameInvites,
    description: "When a bro invites you to a game, or a game near you needs players.",
  },
  {
    key: "newMessages",
    label: NAMES.newMessages,
    description: "When someone sends you a message about a game.",
  },
  {
    key: "courtUpdates",
    label: NAMES.courtUpdates,
    description: "When a game is set up at one of your favorite courts.",
  },
  {
    key: "weeklyStats",
    label: NAMES.weeklyStats,
    description: "A Monday-morning summary of your week on the court.",
  },
  {
    key: "email",
    label: NAMES.email,
    description: "Also send these by e-mail. The bell always has them.",
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
