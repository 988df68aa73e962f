import { lazy, Suspense } from "react";
import type { ReportTarget } from "./report-dialog.tsx";

// The dialog checks its input with the shared schema (zod): pages whose first screen must stay
// free of zod (the game, the court) load it only when a Report button is shown.
const ReportButton = lazy(() =>
  import("./report-button.tsx").then((m) => ({ default: m.ReportButton })),
);

/** ReportButton for the zod-free pages: nothing until its chunk arrives. */
export function LazyReportButton(target: ReportTarget) {
  return (
    <Suspense fallback={null}>
      <ReportButton {...target} />
    </Suspense>
  );
}
