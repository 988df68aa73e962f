import { z } from "zod";

export const INT32_MAX = 2_147_483_647;
const ID_PATTERN = /^\d{1,10}$/;
const inRange = (id: number) => id >= 1 && id <= INT32_MAX;

/**
 * Path parameter `{id}`: digits only (no "1e3", " 7" or "-1"), and within PostgreSQL's integer
 * so an id like 99999999999 is a 400 with `message`, not a database error.
 */
export const idParamsSchema = (message: string) =>
  z.object({
    id: z.string().regex(ID_PATTERN, message).transform(Number).refine(inRange, message),
  });

/** An id from a page's address by the same rule, or null (a page then says 'not found'). */
export function parseId(text: string | undefined): number | null {
  if (!text || !ID_PATTERN.test(text)) return null;
  const id = Number(text);
  return inRange(id) ? id : null;
}
