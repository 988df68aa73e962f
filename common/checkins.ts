import { z } from "zod";
import { checkInPositionSchema } from "./attendance.ts";
import { INT32_MAX } from "./id-params.ts";

/** Spec §5: a check-in needs a court; the same words on the server and in the dialog. */
export const NO_COURT_SELECTED = "No court selected";
export const COURT_ID_INVALID = "Court id must be a positive whole number";

/** A check-in ends by checking out or, at the latest, this long after it began. */
export const CHECK_IN_HOURS = 3;

/**
 * POST /api/checkin. A missing or null courtId is the spec's 'No court selected'; any other
 * non-id (a string, 1.5, 0) gets the id message. Within PostgreSQL's integer, so a huge id
 * is a 400, not a database error.
 */
export const checkInInputSchema = z.object(
  {
    courtId: z
      .unknown()
      .refine((v) => v !== undefined && v !== null, NO_COURT_SELECTED)
      .pipe(
        z
          .number({ error: COURT_ID_INVALID })
          .int(COURT_ID_INVALID)
          .min(1, COURT_ID_INVALID)
          .max(INT32_MAX, COURT_ID_INVALID),
      ),
    /** Where the browser is, when the player lets it say: a check-in near the court marks them present. */
    position: checkInPositionSchema.optional(),
  },
  // No body at all is also "no court".
  { error: NO_COURT_SELECTED },
);
export type CheckInInput = z.infer<typeof checkInInputSchema>;

/** An open check-in of the caller (the answer of POST /api/checkin and GET /api/checkin). */
export const checkInSchema = z.object({
  id: z.number().int(),
  courtId: z.number().int(),
  courtName: z.string(),
  /** ISO 8601. */
  checkedInAt: z.string(),
  /** ISO 8601: when it ends by itself if the player does not check out. */
  expiresAt: z.string(),
});
export type CheckIn = z.infer<typeof checkInSchema>;

/** GET /api/checkin: the caller's open check-in, if any. */
export const currentCheckInSchema = z.object({ checkIn: checkInSchema.nullable() });

/** POST /api/checkout: whether an open check-in was closed (false: there was none). */
export const checkOutResultSchema = z.object({ checkedOut: z.boolean() });

/** GET /api/courts/popular answers at most this many courts. */
export const POPULAR_COURTS_LIMIT = 10;
