import { cn } from "@/lib/cn.ts";

// Spec §4: upcoming blue, active green ('✓ Checked in'), completed grey, cancelled red,
// open 'Open'; any other status is shown as it is.
const STATUS_STYLES: Record<string, { label: string; className: string }> = {
  open: { label: "Open", className: "bg-orange-100 text-orange-800" },
  upcoming: { label: "Upcoming", className: "bg-blue-100 text-blue-800" },
  active: { label: "✓ Checked in", className: "bg-green-100 text-green-800" },
  completed: { label: "Completed", className: "bg-slate-100 text-slate-700" },
  cancelled: { label: "Cancelled", className: "bg-red-100 text-red-800" },
};

export function GameStatusBadge({ status }: { status: string }) {
  const style = STATUS_STYLES[status] ?? { label: status, className: "bg-muted text-foreground" };
  return (
    <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-semibold", style.className)}>
      {style.label}
    </span>
  );
}
