import type { ComponentProps } from "react";
import { cn } from "@/lib/cn.ts";

export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return (
    <input
      type={type}
      className={cn(
        "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50 md:text-sm",
        className,
      )}
      {...props}
    />
  );
}

/** A whole number typed on a phone's number pad: seats, courts, hours, a score. */
export function CountInput(props: Omit<ComponentProps<"input">, "type" | "inputMode" | "step">) {
  return <Input type="number" inputMode="numeric" step={1} {...props} />;
}
