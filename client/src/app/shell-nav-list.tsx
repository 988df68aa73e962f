import { LogOut } from "lucide-react";
import { Link, useLocation } from "wouter";
import { signOut } from "@/lib/auth/auth-navigation.ts";
import { cn } from "@/lib/cn.ts";
import { isNavItemActive, SHELL_NAV_ITEMS } from "./shell-nav-items.ts";

const itemClass =
  "flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors [&_svg]:size-5";

/** The signed-in menu, shared by the phone menu and the desktop sidebar. */
export function ShellNavList({ onChoose }: { onChoose?: () => void }) {
  const [location] = useLocation();
  return (
    <ul className="flex flex-col gap-1">
      {SHELL_NAV_ITEMS.map(({ label, href, icon: Icon }) => {
        const active = isNavItemActive(href, location);
        return (
          <li key={href}>
            <Link
              href={href}
              onClick={onChoose}
              aria-current={active ? "page" : undefined}
              className={cn(
                itemClass,
                active ? "bg-primary text-primary-foreground" : "text-foreground hover:bg-accent",
              )}
            >
              <Icon aria-hidden="true" />
              {label}
            </Link>
          </li>
        );
      })}
      <li>
        <button
          type="button"
          className={cn(itemClass, "text-foreground hover:bg-accent")}
          onClick={() => {
            onChoose?.();
            signOut();
          }}
        >
          <LogOut aria-hidden="true" />
          Sign Out
        </button>
      </li>
    </ul>
  );
}
