/**
 * Zod compiles fast parsers with `new Function` unless told not to, and its probe for that is
 * reported as a Content-Security-Policy violation under our `script-src 'self'` (Lighthouse's
 * best practices, issue 13). `z.config({ jitless: true })` would need zod in the entry chunk,
 * which the landing's budget keeps out; zod reads this global when it loads, in a later chunk.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });

export {};
