// Zod-free, so a page can read its address without loading the schemas (issue 13).

export const INT32_MAX = 2_147_483_647;
export const ID_PATTERN = /^\d{1,10}$/;
export const inRange = (id: number) => id >= 1 && id <= INT32_MAX;

/** An id from a page's address by the same rule, or null (a page then says 'not found'). */
export function parseId(text: string | undefined): number | null {
  if (!text || !ID_PATTERN.test(text)) return null;
  const id = Number(text);
  return inRange(id) ? id : null;
}
