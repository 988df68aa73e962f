// Zod-free, so the courts directory can read them without loading the schemas (issue 13).

/** Cards per page of GET /api/courts. */
export const COURT_PAGE_SIZE = 24;
/** X-Total-Count stops counting here: COURTS_COUNT_CAP + 1 reads "more than 10,000". */
export const COURTS_COUNT_CAP = 10_000;
