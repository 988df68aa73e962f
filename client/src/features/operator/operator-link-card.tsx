import { PAGES } from "@common/pages.ts";
import { useQuery } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/components/ui/card.tsx";
import { operatorMeQuery } from "./operator-queries.ts";

/** Settings: the way to the operator page, for operators only (it is in no navigation). */
export function OperatorLinkCard() {
  const { data } = useQuery(operatorMeQuery());
  if (!data?.operator) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Operator</CardTitle>
        <CardDescription>You can act on players' reports.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" asChild>
          <Link href={PAGES.operator.path}>
            <ShieldCheck aria-hidden="true" />
            Open the operator page
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
