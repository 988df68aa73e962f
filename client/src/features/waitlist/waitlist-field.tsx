import { type ComponentProps, useId } from "react";
import { Input } from "@/components/ui/input.tsx";
import { Label } from "@/components/ui/label.tsx";

type WaitlistFieldProps = ComponentProps<"input"> & {
  label: string;
  /** A standing hint under the field, read with it by screen readers. */
  hint?: string;
  /** The field's message from the schema (or the server), shown under it. */
  error?: string;
};

export function WaitlistField({ label, hint, error, ...inputProps }: WaitlistFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(" ");
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className="aria-invalid:border-destructive"
        {...inputProps}
      />
      {hint && (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
