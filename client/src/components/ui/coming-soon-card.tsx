import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "./card.tsx";

type ComingSoonCardProps = { title: string; children: ReactNode };

/** Stands in for a page's content until its feature is built, and says so plainly. */
export function ComingSoonCard({ title, children }: ComingSoonCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
        <CardDescription>Coming soon</CardDescription>
      </CardHeader>
      <CardContent className="text-muted-foreground">{children}</CardContent>
    </Card>
  );
}
