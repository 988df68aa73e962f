import { Mail, MapPin, Phone } from "lucide-react";
import { cn } from "@/lib/cn.ts";
import { OFFICE } from "./office-details.ts";

const linkClass = "font-medium text-primary underline-offset-4 hover:underline";

/** E-mail, phone and postal address, each with its icon; used on the landing page and /contact. */
export function OfficeContactList({ className }: { className?: string }) {
  const items = [
    {
      icon: Mail,
      label: "Email",
      value: (
        <a href={`mailto:${OFFICE.email}`} className={linkClass}>
          {OFFICE.email}
        </a>
      ),
    },
    {
      icon: Phone,
      label: "Phone",
      value: (
        <a href={OFFICE.phoneHref} className={linkClass}>
          {OFFICE.phone}
        </a>
      ),
    },
    {
      icon: MapPin,
      label: "Office",
      value: (
        <address className="not-italic">
          {OFFICE.addressLines.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </address>
      ),
    },
  ];
  return (
    <dl className={cn("grid gap-5", className)}>
      {items.map(({ icon: Icon, label, value }) => (
        // dt and dd stay direct children of the group (a <dl> rule); the icon sits in the dt.
        <div key={label} className="relative min-h-10 min-w-0 pl-13 break-words">
          <dt className="text-sm text-muted-foreground">
            <span className="absolute top-0 left-0 flex size-10 items-center justify-center rounded-lg bg-accent">
              <Icon className="size-5 text-primary" aria-hidden="true" />
            </span>
            {label}
          </dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
