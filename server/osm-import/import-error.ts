/** A refusal the command prints as one line and exits non-zero on; nothing was changed. */
export class ImportError extends Error {}
