import { cn } from "@/lib/cn.ts";

// Spec §4: upcoming blue, active green ('✓ Checked in'), completed grey, cancelled red,
// open 'Open'; any other status is shown as it is. '✓ Checked in' speaks for the player: only
// those in the game see it, everyone else an honest 'In progress' (decisions §22).
const IN_PROGRESS = { label: "In progress", className: "bg-green-100 text-green-800" };
const STATUS_STYLES: Record<string, { label: string; className: string }> = {
  open: { label: "Open", className: "bg-orange-100 text-orange-800" },
  upcoming: { label: "Upcoming", className: "bg-blue-100 text-blue-800" },
  active: { label: "✓ Checked in", className: "bg-green-100 text-green-800" },
  completed: { label: "Completed", className: "bg-slate-100 text-slate-700" },
  cancelled: { label: "Cancelled", className: "bg-red-100 text-red-800" },
};

type GameStatusBadgeProps = {
  status: string;
  /** Spec §4's highlighted border for an active game, where the badge stands out on its own. */
  highlighted?: boolean;
  /** Whether the viewer holds a seat in the game. */
  inGame?: boolean;
};

export function GameStatusBadge({
  status,
  highlighted = false,
  inGame = false,
}: GameStatusBadgeProps) {
  // hasOwn: a status such as "constructor" must not pick up Object.prototype's members.
  const known = Object.hasOwn(STATUS_STYLES, status) ? STATUS_STYLES[status] : undefined;
  const style = (status === "active" && !inGame ? IN_PROGRESS : known) ?? {
    label: status,
    className: "bg-muted text-foreground",
  };
  return (
    <span
      className={cn(
        "rounded-full px-2.5 py-0.5 text-xs font-semibold",
        style.className,
        highlighted && status === "active" && "border-2 border-green-700",
      )}
    >
      {style.label}
    </span>
  );
}
