import type { MouseEvent } from "react";
import { Link, useLocation } from "wouter";
import { cn } from "@/lib/cn.ts";

/** Spec §2 top navigation bar: two landing-page anchors and two pages. */
const MENU_ITEMS = [
  { label: "About", href: "/#about" },
  { label: "Features", href: "/#features" },
  { label: "Courts", href: "/courts" },
  { label: "Contact", href: "/contact" },
] as const;

const itemClass =
  "rounded-md px-3 py-2 text-sm font-medium text-foreground hover:bg-accent hover:text-accent-foreground";

type PublicMenuItemsProps = { className?: string; onChoose?: () => void };

export function PublicMenuItems({ className, onChoose }: PublicMenuItemsProps) {
  const [location, navigate] = useLocation();

  // On the landing page the browser scrolls to an anchor by itself. From another page the
  // router goes to "/" with the hash, and the landing page scrolls to it once it has rendered.
  const goToAnchor = (event: MouseEvent<HTMLAnchorElement>, href: string) => {
    onChoose?.();
    if (location === "/" || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(href);
  };

  return (
    <ul className={className}>
      {MENU_ITEMS.map(({ label, href }) => (
        <li key={label}>
          {href.startsWith("/#") ? (
            <a href={href} className={cn(itemClass, "block")} onClick={(e) => goToAnchor(e, href)}>
              {label}
            </a>
          ) : (
            <Link
              href={href}
              className={cn(itemClass, "block")}
              aria-current={location === href ? "page" : undefined}
              onClick={onChoose}
            >
              {label}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
