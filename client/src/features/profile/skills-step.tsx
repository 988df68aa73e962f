import { SKILL_MAX, SKILL_MIN } from "@common/constants.ts";
import {
  type ProfileInput,
  type ProfileInputValues,
  SKILLS,
  type SkillKey,
} from "@common/profile.ts";
import { type UseFormReturn, useWatch } from "react-hook-form";
import { Label } from "@/components/ui/label.tsx";
import { Slider } from "@/components/ui/slider.tsx";

type StepProps = { form: UseFormReturn<ProfileInputValues, unknown, ProfileInput> };

function SkillSlider({ form, name, label }: StepProps & { name: SkillKey; label: string }) {
  const value = useWatch({ control: form.control, name });
  const error = form.formState.errors[name]?.message;
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between">
        <Label htmlFor={name}>{label}</Label>
        <output htmlFor={name} className="text-sm font-semibold text-primary">
          {value}/{SKILL_MAX}
        </output>
      </div>
      <Slider
        id={name}
        min={SKILL_MIN}
        max={SKILL_MAX}
        step={1}
        aria-valuetext={`${value} out of ${SKILL_MAX}`}
        {...form.register(name, { valueAsNumber: true })}
      />
      <div aria-hidden="true" className="flex justify-between text-xs text-muted-foreground">
        <span>Beginner</span>
        <span>Elite</span>
      </div>
      {error && <p className="text-sm font-medium text-destructive">{error}</p>}
    </div>
  );
}

/** Step 2, Position & Skills: five sliders from 1 to 5, each showing its value. */
export function SkillsStep({ form }: StepProps) {
  return (
    <div className="grid gap-6">
      <p className="text-sm text-muted-foreground">
        Rate yourself honestly from 1 (just starting) to 5 (elite): it helps match you with bros at
        your level.
      </p>
      {SKILLS.map(({ key, label }) => (
        <SkillSlider key={key} form={form} name={key} label={label} />
      ))}
    </div>
  );
}
