import type { ReactNode } from "react";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/components/ui/card.tsx";

type StepCardProps = {
  title: string;
  description: ReactNode;
  badge?: ReactNode;
  children?: ReactNode;
  /** The step's buttons, laid out at the bottom: skip on the left, go on the right. */
  actions: ReactNode;
};

/** One onboarding step: a titled card with its content and its buttons. */
export function StepCard({ title, description, badge, children, actions }: StepCardProps) {
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle as="h2" className="text-xl">
            {title}
          </CardTitle>
          {badge}
        </div>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {children}
        <div className="flex flex-wrap justify-between gap-2 pt-2">{actions}</div>
      </CardContent>
    </Card>
  );
}
