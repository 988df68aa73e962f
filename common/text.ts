/** PostgreSQL cannot store U+0000: text holding it is refused with a clear word instead. */
export const hasNoNul = (value: string) => !value.includes("\u0000");

/** Characters as PostgreSQL counts them (code points, not UTF-16 units). */
export const charCount = (value: string) => [...value].length;
