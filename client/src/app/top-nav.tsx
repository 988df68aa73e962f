import { AuthActions } from "./auth-actions.tsx";
import { BrandLink } from "./brand-link.tsx";
import { MenuToggleButton } from "./menu-toggle-button.tsx";
import { PublicMenuItems } from "./public-menu-items.tsx";
import { useMenuToggle } from "./use-menu-toggle.ts";

const PHONE_MENU_ID = "top-nav-phone-menu";

/** The top navigation bar of public pages (product §2); on phones the menu folds behind a toggle. */
export function TopNav() {
  const menu = useMenuToggle();
  return (
    <header className="sticky top-0 z-40 border-b bg-background">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <BrandLink onClick={menu.close} />
        <nav aria-label="Main" className="hidden md:block">
          <PublicMenuItems className="flex gap-1" />
        </nav>
        <AuthActions className="hidden md:flex" />
        <MenuToggleButton open={menu.open} controls={PHONE_MENU_ID} onToggle={menu.toggle} />
      </div>
      <nav
        id={PHONE_MENU_ID}
        aria-label="Main menu"
        hidden={!menu.open}
        className="border-t px-4 pb-4 md:hidden"
      >
        <PublicMenuItems className="flex flex-col gap-1 py-2" onChoose={menu.close} />
        <AuthActions className="flex-col" onChoose={menu.close} />
      </nav>
    </header>
  );
}
