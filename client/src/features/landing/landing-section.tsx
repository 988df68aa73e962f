import type { ReactNode } from "react";
import { cn } from "@/lib/cn.ts";

type LandingSectionProps = {
  /** The anchor (and the heading's id prefix), e.g. "features" for /#features. */
  id: string;
  title: string;
  intro?: ReactNode;
  className?: string;
  children?: ReactNode;
};

/** One landing section: an anchor, an <h2> that names it, an intro line and its content. */
export function LandingSection({ id, title, intro, className, children }: LandingSectionProps) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={cn("scroll-mt-16", className)}>
      <div className="mx-auto max-w-6xl px-4 py-12 md:py-20">
        <h2 id={`${id}-title`} className="text-3xl font-bold tracking-tight md:text-4xl">
          {title}
        </h2>
        {intro && <p className="mt-3 max-w-3xl text-lg text-muted-foreground">{intro}</p>}
        {children && <div className="mt-8">{children}</div>}
      </div>
    </section>
  );
}
