import { z } from "zod";

export const notificationSettingsSchema = z.object({
  gameInvites: z.boolean(),
  newMessages: z.boolean(),
  courtUpdates: z.boolean(),
  weeklyStats: z.boolean(),
  /** Beyond product §2: e-mail for the kinds that send one; off, only the bell and push remain. */
  email: z.boolean(),
});
export const privacySettingsSchema = z.object({
  showLocation: z.boolean(),
  showStats: z.boolean(),
  allowFriendRequests: z.boolean(),
});

/** GET /api/user/settings, and the answer of PATCH (product §7's body shape). */
export const settingsSchema = z.object({
  notifications: notificationSettingsSchema,
  privacy: privacySettingsSchema,
});
export type Settings = z.infer<typeof settingsSchema>;
export type NotificationSetting = keyof Settings["notifications"];

/** What Settings calls each notification switch (also named in e-mails that it governs). */
export const NOTIFICATION_SETTING_NAMES: Record<NotificationSetting, string> = {
  gameInvites: "Game Invites",
  newMessages: "New Messages",
  courtUpdates: "Court Updates",
  weeklyStats: "Weekly Stats",
  email: "Email Notifications",
};
export type PrivacySetting = keyof Settings["privacy"];

/**
 * PATCH /api/user/settings: any part of the shape. Strict at every level, so a misspelt key
 * ("showLocaton") is a 400 rather than a change that silently did not happen.
 */
export const settingsPatchSchema = z.strictObject({
  notifications: z.strictObject(notificationSettingsSchema.partial().shape).optional(),
  privacy: z.strictObject(privacySettingsSchema.partial().shape).optional(),
});
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/** Spec §2: what a player who never saved their settings has (the user_settings defaults). */
export const DEFAULT_SETTINGS: Settings = {
  notifications: {
    gameInvites: true,
    newMessages: true,
    courtUpdates: false,
    weeklyStats: true,
    email: true,
  },
  privacy: { showLocation: true, showStats: true, allowFriendRequests: true },
};
