import { z } from "zod";

/** GET /api/calendar-feed: the signed-in player's private feed of their games. */
export const calendarFeedSchema = z.object({
  /** https://…/api/calendar/<token>.ics */
  url: z.string(),
  /** The same address as webcal://, which phone calendars open as a subscription. */
  webcalUrl: z.string(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** The feed's secret, as the URL carries it (base64url of 32 bytes). */
export const calendarFeedParamsSchema = z.object({
  file: z.string().regex(/^[A-Za-z0-9_-]{43}\.ics$/, "This calendar address is not valid"),
});
