import type { UseFormRegisterReturn } from "react-hook-form";
import { FormField } from "@/components/ui/form-field.tsx";
import { Input } from "@/components/ui/input.tsx";

type PasswordFieldProps = {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: string;
  /** `new-password` lets a password manager offer a fresh one. */
  autoComplete?: "current-password" | "new-password";
};

/** A password field of the account forms, labelled and tied to its error. */
export function PasswordField({
  label,
  registration,
  error,
  hint,
  autoComplete = "current-password",
}: PasswordFieldProps) {
  return (
    <FormField label={label} hint={hint} error={error}>
      {(control) => (
        <Input type="password" autoComplete={autoComplete} {...control} {...registration} />
      )}
    </FormField>
  );
}

/** The form's failure (announced at once) and, when `done` is given, its success status. */
export function FormFeedback({ error, done }: { error?: string; done?: string | null }) {
  return (
    <>
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      {done !== null && (
        <p role="status" className="text-sm text-green-700 empty:hidden">
          {done ?? ""}
        </p>
      )}
    </>
  );
}
