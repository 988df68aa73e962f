// Zod-free, so pages can show these without loading the schemas (issue 13); re-exported by
// court-kings.ts for the server and the forms.

/**
 * Court Kings: each court's board over the last KINGS_WINDOW_DAYS. Points at that court:
 * a day checked in there, a played game there, and a win there on top. Equal points: more
 * wins first, then whoever reached the total first (the earlier last scoring moment), then the
 * player id so the order never flips. Players hiding their stats are never listed.
 */
export const KINGS_WINDOW_DAYS = 90;
export const KINGS_BOARD_SIZE = 10;
export const POINTS_PER_CHECK_IN_DAY = 1;
export const POINTS_PER_GAME = 2;
export const POINTS_PER_WIN = 3;
