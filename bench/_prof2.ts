import { PGlite } from "@electric-sql/pglite";
const times = new Map<string, { n: number; ms: number }>();
let on = false;
for (const m of ["query", "exec"] as const) {
  const orig = (PGlite.prototype as any)[m];
  (PGlite.prototype as any)[m] = async function (text: string, ...rest: unknown[]) {
    const t = performance.now();
    try { return await orig.call(this, text, ...rest); } finally {
      if (on) { const k = text.replace(/\s+/g, " ").slice(0, 90); const e = times.get(k) ?? { n: 0, ms: 0 }; e.n++; e.ms += performance.now() - t; times.set(k, e); }
    }
  };
}
(globalThis as any).__profOn = (v: boolean) => { on = v; };
(globalThis as any).__profDump = () => { for (const [k, v] of [...times].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25)) console.log(v.ms.toFixed(0).padStart(6), String(v.n).padStart(5), (v.ms / v.n).toFixed(2).padStart(6), k); };
const origTx = (PGlite.prototype as any).transaction;
(PGlite.prototype as any).transaction = function (fn: (c: any) => unknown) {
  return origTx.call(this, (c: any) => {
    const wrap = (m: string) => { const o = c[m]; c[m] = async (text: string, ...rest: unknown[]) => { const t = performance.now(); try { return await o(text, ...rest); } finally { if (on) { const k = "tx " + text.replace(/\s+/g, " ").slice(0, 100); const e = times.get(k) ?? { n: 0, ms: 0 }; e.n++; e.ms += performance.now() - t; times.set(k, e); } } }; };
    wrap("query"); wrap("exec");
    return fn(c);
  });
};
