import { PRODUCT_NAME } from "@common/constants.ts";
import { Link } from "wouter";
import { BasketballIcon } from "@/components/ui/basketball-icon.tsx";
import { cn } from "@/lib/cn.ts";

/** The Home link of the top bar and the shell: the product's mark and name, leading to /. */
export function BrandLink({ className, onClick }: { className?: string; onClick?: () => void }) {
  return (
    <Link
      href="/"
      onClick={onClick}
      className={cn("flex items-center gap-2 text-lg font-bold text-foreground", className)}
    >
      <BasketballIcon className="size-7 text-brand" />
      <span>
        {PRODUCT_NAME}
        <span className="sr-only"> home</span>
      </span>
    </Link>
  );
}
