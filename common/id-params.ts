import { z } from "zod";
import { ID_PATTERN, inRange } from "./id-parse.ts";

export { INT32_MAX, parseId } from "./id-parse.ts";

/**
 * Path parameter `{id}`: digits only (no "1e3", " 7" or "-1"), and within PostgreSQL's integer
 * so an id like 99999999999 is a 400 with `message`, not a database error.
 */
export const idParamsSchema = (message: string) =>
  z.object({
    id: z.string().regex(ID_PATTERN, message).transform(Number).refine(inRange, message),
  });
