import type { ReactNode } from "react";
import { useLocation } from "wouter";
import { EmailConfirmationBanner } from "@/features/account/email-confirmation-banner.tsx";
import { NotificationBell } from "@/features/notifications/notification-bell.tsx";
import { BrandLink } from "./brand-link.tsx";
import { MenuToggleButton } from "./menu-toggle-button.tsx";
import { ShellNavList } from "./shell-nav-list.tsx";
import { SkipLink } from "./skip-link.tsx";
import { useMenuToggle } from "./use-menu-toggle.ts";
import { UserSummary } from "./user-summary.tsx";

const PHONE_MENU_ID = "shell-phone-menu";

/** Frame of signed-in pages (product §2): a phone header with a toggle menu, a desktop sidebar. */
export function NavigationShell({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const menu = useMenuToggle();

  return (
    <div className="min-h-screen md:flex">
      <SkipLink />
      <header className="sticky top-0 z-40 flex h-16 items-center justify-between gap-2 border-b bg-background px-4 md:hidden">
        <BrandLink onClick={menu.close} className="min-w-0" />
        <div className="flex items-center gap-1">
          <NotificationBell />
          <MenuToggleButton open={menu.open} controls={PHONE_MENU_ID} onToggle={menu.toggle} />
        </div>
      </header>
      <nav
        id={PHONE_MENU_ID}
        aria-label="Main menu"
        hidden={!menu.open}
        className="border-b bg-background p-4 md:hidden"
      >
        <ShellNavList onChoose={menu.close} />
      </nav>

      <aside className="sticky top-0 hidden h-screen w-64 shrink-0 flex-col border-r bg-muted/40 md:flex">
        <div className="flex h-16 items-center justify-between gap-2 pr-2 pl-4">
          {/* One line beside the bell in the sidebar's width. */}
          <BrandLink className="min-w-0 whitespace-nowrap text-base" />
          <NotificationBell />
        </div>
        <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-2">
          <ShellNavList />
        </nav>
        <UserSummary />
      </aside>

      <main id="main" className="min-w-0 flex-1">
        <EmailConfirmationBanner />
        {/* Keyed by path so each page enters with the fade-and-slide of product §2. */}
        <div key={location} className="motion-safe:animate-page-in">
          {children}
        </div>
      </main>
    </div>
  );
}
