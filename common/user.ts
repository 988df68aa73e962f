import { z } from "zod";

export const profileSchema = z.object({
  id: z.number(),
  userId: z.string(),
  nickname: z.string(),
  primaryPosition: z.string(),
  secondaryPosition: z.string().nullable(),
  skillHandles: z.number(),
  skillShot: z.number(),
  skillIq: z.number(),
  skillVert: z.number(),
  skillDefense: z.number(),
  location: z.string().nullable(),
  isAvailable: z.boolean(),
  gamesPlayed: z.number(),
  courtsVisited: z.number(),
  brosConnected: z.number(),
});
export type Profile = z.infer<typeof profileSchema>;

/** The current-user shape of product §3; it never carries anything about the password. */
export const currentUserSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  /** The address has been proved by a link sent to it (the banner asks until then). */
  emailConfirmed: z.boolean(),
  /**
   * The address typed at sign-up when it already belonged to another account: shown, never used
   * (decisions §46). Null otherwise.
   */
  pendingEmail: z.string().nullable(),
  /** A built-in account (e-mail and a secret Settings can change); false with OIDC. */
  builtInAccount: z.boolean(),
  profileImageUrl: z.string().nullable(),
  hasProfile: z.boolean(),
  hasCompletedOnboarding: z.boolean(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  profile: profileSchema.nullable(),
  /** ISO 8601: when the account was made (a new player is welcomed, not welcomed back). */
  createdAt: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const apiErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** An account younger than this is new: its player is greeted 'Welcome', not 'Welcome back'. */
export const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;

/** The dashboard's greeting (product §2: the first name, else 'Bro'). */
export function welcomeLine(
  user: Pick<CurrentUser, "firstName" | "createdAt"> | null,
  now = Date.now(),
): string {
  const name = user?.firstName || "Bro";
  const created = user ? Date.parse(user.createdAt) : Number.NaN;
  const isNew = Number.isFinite(created) && now - created < NEW_ACCOUNT_MS;
  return isNew ? `Welcome, ${name}!` : `Welcome back, ${name}!`;
}
