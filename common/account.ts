import { z } from "zod";
import { emailField, newPasswordField } from "./auth.ts";
import { PASSWORD_MAX } from "./constants.ts";

/** The password a player already has, asked again before a change that matters. */
const currentPassword = z
  .string()
  .min(1, "Enter your current password")
  .max(PASSWORD_MAX, "Enter your current password");

export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({
  token: z.string().min(1).max(200),
  password: newPasswordField,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const changePasswordSchema = z.object({
  currentPassword,
  newPassword: newPasswordField,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const changeEmailSchema = z.object({ password: currentPassword, newEmail: emailField });
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

export const deleteAccountSchema = z.object({ password: currentPassword });
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** One place the player is signed in (Settings → Sessions). */
export const accountSessionSchema = z.object({
  id: z.string().describe("The session's id (a hash, not the cookie's token)."),
  device: z.string().describe("Browser and system, read from the user agent."),
  createdAt: z.string().describe("ISO 8601: when this session signed in."),
  lastSeenAt: z.string().describe("ISO 8601: the last request seen, to within a few minutes."),
  current: z.boolean().describe("This is the browser asking."),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionsSchema = z.array(accountSessionSchema);

export const sessionIdParamsSchema = z.object({ id: z.string().regex(/^[0-9a-f]{64}$/) });

/** A request whose outcome is an e-mail: the same words whatever the address. */
export const mailSentSchema = z.object({ message: z.string() });

export const CONFIRMATION_SENT = "We sent a new confirmation link. Check your inbox.";
export const EMAIL_CHANGE_SENT =
  "Check the new address: the change takes effect when you open the link we sent there.";
export const PASSWORD_CHANGED = "Your password was changed. Other sessions were signed out.";
export const WRONG_PASSWORD = "That password is not right.";
/** What a player whose account was deleted appears as to everyone else. */
export const DELETED_PLAYER_NAME = "Deleted player";
