import { z } from "zod";
import { PASSWORD_MAX, PASSWORD_MIN } from "./constants.ts";
import { decent } from "./text-filter.ts";

export const emailField = z
  .string()
  .trim()
  .min(1, "Email is required")
  .max(255, "Email must be at most 255 characters")
  .email("Invalid email address");

/** A password being chosen (sign-up, reset, change): the same bounds and messages everywhere. */
export const newPasswordField = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const signInSchema = z.object({
  email: emailField,
  password: z.string().min(1, "Password is required").max(PASSWORD_MAX),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const signUpSchema = z.object({
  // Players see each other's first name where there is no nickname yet.
  firstName: decent(
    z
      .string()
      .trim()
      .min(1, "First name is required")
      .max(100, "First name must be at most 100 characters"),
  ),
  lastName: decent(
    z
      .string()
      .trim()
      .min(1, "Last name is required")
      .max(100, "Last name must be at most 100 characters"),
  ),
  email: emailField,
  password: newPasswordField,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/** What a JSON sign-in or sign-up answers: where the app goes next. */
export const signedInSchema = z.object({
  redirectTo: z.string().describe("The page to open next: /onboarding or /."),
});
