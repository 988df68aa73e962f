import type { ComponentProps } from "react";
import { cn } from "@/lib/cn.ts";

/**
 * A slider on the native range input: arrow keys, Home/End, touch and screen readers work as
 * the browser provides (Radix's slider is not a dependency). Pair it with a <Label>.
 */
export function Slider({ className, ...props }: Omit<ComponentProps<"input">, "type">) {
  return (
    <input
      type="range"
      className={cn(
        "h-2 w-full cursor-pointer rounded-full accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50",
        className,
      )}
      {...props}
    />
  );
}
