import { INT32_MAX } from "@common/id-params.ts";

/** An id from the address (/game/:id, /courts/:id) by the API's own rule: digits, a PostgreSQL integer. */
export const parseRouteId = (id: string | undefined): number | null =>
  id && /^\d{1,10}$/.test(id) && Number(id) >= 1 && Number(id) <= INT32_MAX ? Number(id) : null;
