import { POSITIONS } from "@common/constants.ts";
import type { ProfileInput, ProfileInputValues } from "@common/profile.ts";
import type { UseFormReturn } from "react-hook-form";
import { Input } from "@/components/ui/input.tsx";
import { Select } from "@/components/ui/select.tsx";
import { FormField, invalidProps } from "./form-field.tsx";

type StepProps = { form: UseFormReturn<ProfileInputValues, unknown, ProfileInput> };

/** Step 1, Basic Info: nickname, primary position, optional secondary position. */
export function BasicInfoStep({ form }: StepProps) {
  const { errors } = form.formState;
  const nicknameError = errors.nickname?.message;
  const primaryError = errors.primaryPosition?.message;
  const secondaryError = errors.secondaryPosition?.message;
  return (
    <div className="grid gap-5">
      <FormField id="nickname" label="Nickname" error={nicknameError}>
        <Input
          id="nickname"
          autoComplete="nickname"
          placeholder="What do the bros call you?"
          {...invalidProps("nickname", nicknameError)}
          {...form.register("nickname")}
        />
      </FormField>
      <FormField id="primaryPosition" label="Primary Position" error={primaryError}>
        <Select
          id="primaryPosition"
          {...invalidProps("primaryPosition", primaryError)}
          {...form.register("primaryPosition")}
        >
          <option value="">Select your position</option>
          {POSITIONS.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField
        id="secondaryPosition"
        label="Secondary Position (optional)"
        error={secondaryError}
      >
        <Select
          id="secondaryPosition"
          {...invalidProps("secondaryPosition", secondaryError)}
          {...form.register("secondaryPosition")}
        >
          <option value="">None</option>
          {POSITIONS.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </Select>
      </FormField>
    </div>
  );
}
