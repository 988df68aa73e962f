import { SKILL_MAX } from "@common/constants.ts";
import { cn } from "@/lib/cn.ts";

type SkillDotsProps = { label: string; value: number };

/** One skill as product §9 draws it: five dots, the first `value` filled, with the number. */
export function SkillDots({ label, value }: SkillDotsProps) {
  return (
    <div className="flex items-center justify-between gap-4">
      <dt className="text-sm font-medium">{label}</dt>
      <dd className="flex items-center gap-2">
        <span aria-hidden="true" className="flex gap-1">
          {Array.from({ length: SKILL_MAX }, (_, i) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: the dots are positions 1–5.
              key={i}
              className={cn(
                "size-3 rounded-full border border-primary",
                i < value ? "bg-primary" : "bg-transparent",
              )}
            />
          ))}
        </span>
        <span aria-hidden="true" className="w-8 text-right text-sm text-muted-foreground">
          {value}/{SKILL_MAX}
        </span>
        <span className="sr-only">
          {value} out of {SKILL_MAX}
        </span>
      </dd>
    </div>
  );
}
