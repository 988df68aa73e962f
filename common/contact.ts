import { z } from "zod";
import { emailField } from "./auth.ts";
import { charCount, hasNoNul } from "./text.ts";

/**
 * The contact form (decision 117): it sends, so appeals of an operator's decision and every
 * other message reach the operators. Bounds as the form's fields have them.
 */
const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .refine((v) => charCount(v) <= max, `${label} must be at most ${max} characters`)
    .refine(hasNoNul, `${label} contains a character that is not allowed`);

export const contactInputSchema = z.object({
  name: text("Full Name", 100),
  email: emailField,
  subject: text("Subject", 150),
  message: text("Message", 5000),
});
export type ContactInput = z.infer<typeof contactInputSchema>;

/** Messages one address (or one player) may send an hour. */
export const CONTACT_PER_HOUR = 5;
export const TOO_MANY_CONTACT = "You have sent a lot of messages. Please wait a while."; // 429

/** A message as the operator page lists it. */
export const contactMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
  /** The signed-in player who sent it, if one did. */
  player: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
export const contactMessagesSchema = z.array(contactMessageSchema);
export const CONTACT_MESSAGES_LIMIT = 50;
