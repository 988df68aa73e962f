import type { ComponentProps } from "react";
import { FormField } from "@/components/ui/form-field.tsx";
import { Input } from "@/components/ui/input.tsx";

type WaitlistFieldProps = ComponentProps<"input"> & {
  label: string;
  /** A standing hint under the field, read with it by screen readers. */
  hint?: string;
  /** The field's message from the schema (or the server), shown under it. */
  error?: string;
};

export function WaitlistField({ label, hint, error, ...inputProps }: WaitlistFieldProps) {
  return (
    <FormField label={label} hint={hint} error={error}>
      {(control) => (
        <Input {...control} className="aria-invalid:border-destructive" {...inputProps} />
      )}
    </FormField>
  );
}
