import { PRODUCT_NAME } from "@common/constants.ts";
import { Link } from "wouter";
import { BasketballIcon } from "@/components/ui/basketball-icon.tsx";

/** Placeholder credit: the studio that built the product goes here. */
export const STUDIO = { name: "Example Studio", url: "https://example.com/" } as const;

const FOOTER_LINKS = [
  { label: "Courts", href: "/courts" },
  { label: "Join Waitlist", href: "/waitlist" },
  { label: "Contact", href: "/contact" },
] as const;

export function LandingFooter() {
  return (
    <footer className="border-t bg-slate-950 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 md:grid-cols-2">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <BasketballIcon className="size-6 text-brand" />
            {PRODUCT_NAME}
          </p>
          <p className="mt-2 max-w-sm">
            Find courts, connect with players and elevate your basketball experience.
          </p>
        </div>
        <nav aria-label="Footer" className="md:justify-self-end">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {FOOTER_LINKS.map(({ label, href }) => (
              <li key={href}>
                <Link href={href} className="hover:text-white hover:underline">
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm">
          © {new Date().getFullYear()} {PRODUCT_NAME}. Built by{" "}
          <a
            href={STUDIO.url}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-white underline underline-offset-4"
          >
            {STUDIO.name}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          .
        </p>
      </div>
    </footer>
  );
}
