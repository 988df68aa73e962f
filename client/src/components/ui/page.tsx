import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/cn.ts";

/** The usual page body: centred, padded, the same in the public frame and in the shell. */
export function Page({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("mx-auto w-full max-w-6xl px-4 py-8 md:px-8", className)} {...props} />;
}

type PageHeaderProps = { title: string; description?: ReactNode; className?: string };

/** The page's one <h1>, with an optional line under it. */
export function PageHeader({ title, description, className }: PageHeaderProps) {
  return (
    <header className={cn("mb-6 space-y-1", className)}>
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      {description && <p className="text-muted-foreground">{description}</p>}
    </header>
  );
}
