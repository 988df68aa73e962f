import type { ReactNode } from "react";
import { Label } from "@/components/ui/label.tsx";

type FormFieldProps = {
  id: string;
  label: ReactNode;
  /** The schema's (or the server's) message; the control names `${id}-error` in aria-describedby. */
  error?: string;
  children: ReactNode;
};

export const errorIdOf = (id: string) => `${id}-error`;

/** A label, the control and its message, stacked. */
export function FormField({ id, label, error, children }: FormFieldProps) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p id={errorIdOf(id)} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** The aria props of a control whose field may have a message. */
export const invalidProps = (id: string, error: string | undefined) =>
  error ? { "aria-invalid": true, "aria-describedby": errorIdOf(id) } : {};
