import type { ReactNode } from "react";
import { SkipLink } from "./skip-link.tsx";
import { TopNav } from "./top-nav.tsx";

/** Frame of public pages: the top navigation bar above the page. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <TopNav />
      <main id="main">{children}</main>
    </>
  );
}
