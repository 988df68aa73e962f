import { z } from "zod";

export const INT32_MAX = 2_147_483_647;

/**
 * Path parameter `{id}`: digits only (no "1e3", " 7" or "-1"), and within PostgreSQL's integer
 * so an id like 99999999999 is a 400 with `message`, not a database error.
 */
export const idParamsSchema = (message: string) =>
  z.object({
    id: z
      .string()
      .regex(/^\d{1,10}$/, message)
      .transform(Number)
      .refine((id) => id >= 1 && id <= INT32_MAX, message),
  });
