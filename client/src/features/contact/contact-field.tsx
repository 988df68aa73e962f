import { type ComponentProps, type ReactNode, useId } from "react";
import { Input } from "@/components/ui/input.tsx";
import { Label } from "@/components/ui/label.tsx";

const textareaClass =
  "flex min-h-32 w-full rounded-md border border-input bg-background px-3 py-2 text-base placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50 md:text-sm";

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

// Every contact field is required and checked by the browser on submit (product §5).

export function ContactInput({ label, ...props }: { label: string } & ComponentProps<"input">) {
  const id = useId();
  return (
    <Field id={id} label={label}>
      <Input id={id} required {...props} />
    </Field>
  );
}

export function ContactTextarea({
  label,
  ...props
}: { label: string } & ComponentProps<"textarea">) {
  const id = useId();
  return (
    <Field id={id} label={label}>
      <textarea id={id} required className={textareaClass} {...props} />
    </Field>
  );
}
