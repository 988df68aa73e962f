/**
 * What a log line may say about an error. Database errors carry the failed query's parameters
 * (Drizzle puts them in its message; PGlite and node-postgres errors hold `params`, `detail`
 * and `where`), and those parameters are e-mails, session ids and everything players type.
 * So a logged error keeps only its type, code, message (with any parameter list cut off), the
 * names of the constraint, table and column involved, its stack frames and its cause, treated
 * the same way.
 */
export interface SafeError {
  type: string;
  message: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  stack: string;
  cause?: SafeError;
}

// Drizzle's message: "Failed query: <sql>\nparams: <values>".
const PARAMS_TAIL = /\s*\bparams:[\s\S]*$/;
// PostgreSQL quotes the value it could not read: `invalid input syntax for type uuid: "…"`.
const QUOTED_VALUE = /(\bfor (?:type|enum) [^:]{1,100}): ".*"/g;

/** A text that may be a database error's message, without the values it carried. */
export function withoutParameters(text: string): string {
  return text.replace(PARAMS_TAIL, "").replace(QUOTED_VALUE, "$1: [value]");
}

const nameOf = (value: unknown) =>
  typeof value === "string" && value.length > 0 && value.length <= 200 ? value : undefined;

export function safeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) {
    const message = "(a thrown value that is not an Error)";
    return { type: typeof error, message, stack: message };
  }
  const fields = error as Error & Record<string, unknown>;
  const type = error.constructor?.name || error.name || "Error";
  const message = withoutParameters(String(error.message ?? ""));
  const frames = (error.stack ?? "")
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .join("\n");
  const safe: SafeError = { type, message, stack: `${type}: ${message}\n${frames}`.trimEnd() };
  const code = fields.code;
  if (typeof code === "string" || typeof code === "number") safe.code = String(code);
  for (const key of ["constraint", "table", "column"] as const) {
    const value = nameOf(fields[key]);
    if (value) safe[key] = value;
  }
  if (error.cause !== undefined && depth < 5) safe.cause = safeError(error.cause, depth + 1);
  return safe;
}
