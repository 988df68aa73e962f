// Zod-free, so the app's entry (the bell's count) can read it without loading the schemas.

/** The bell counts up to this and shows "99+" beyond: counting further would cost for nothing. */
export const UNREAD_COUNT_CAP = 100;
