import { Clock } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { OfficeContactList } from "./office-contact-list.tsx";
import { OFFICE_HOURS } from "./office-details.ts";

/** The contact page's office details and office hours. */
export function OfficeCards() {
  return (
    <div className="grid content-start gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Our Office</CardTitle>
        </CardHeader>
        <CardContent>
          <OfficeContactList />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2" className="flex items-center gap-2">
            <Clock className="size-5 text-primary" aria-hidden="true" />
            Office Hours
          </CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-2 text-sm">
            {OFFICE_HOURS.map(({ days, hours }) => (
              <div key={days} className="flex justify-between gap-4">
                <dt className="text-muted-foreground">{days}</dt>
                <dd className="font-medium">{hours}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}
