import { useId } from "react";
import { Switch } from "@/components/ui/switch.tsx";

type SwitchFieldProps = {
  label: string;
  description: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
};

/** One labelled setting: its name and a line on what it does, with the switch on the right. */
export function SwitchField({ label, description, ...switchProps }: SwitchFieldProps) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div className="grid gap-0.5">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      <Switch id={id} aria-describedby={`${id}-description`} {...switchProps} />
    </div>
  );
}
