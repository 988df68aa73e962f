import { useId } from "react";
import { CountInput } from "@/components/ui/input.tsx";
import { Label } from "@/components/ui/label.tsx";

type ScoreFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  max: number;
  error?: string;
};

export function ScoreField({ label, value, onChange, max, error }: ScoreFieldProps) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <CountInput
        id={id}
        min={0}
        max={max}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="aria-invalid:border-destructive"
      />
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
