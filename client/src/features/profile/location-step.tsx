import type { ProfileInput, ProfileInputValues } from "@common/profile.ts";
import type { UseFormReturn } from "react-hook-form";
import { Link } from "wouter";
import { Checkbox } from "@/components/ui/checkbox.tsx";
import { Label } from "@/components/ui/label.tsx";
import { Select } from "@/components/ui/select.tsx";
import { FormField, invalidProps } from "./form-field.tsx";

type StepProps = {
  form: UseFormReturn<ProfileInputValues, unknown, ProfileInput>;
  locations: readonly string[];
};

/**
 * Step 3, Location & Availability: the area select and "I'm available to hoop". The areas
 * are those of the player's city; without a city there is none to offer, and the player is
 * told where the city is set (one location per player, issue 31).
 */
export function LocationStep({ form, locations }: StepProps) {
  const error = form.formState.errors.location?.message;
  const noCity = locations.length === 0;
  return (
    <div className="grid gap-6">
      <FormField id="location" label="Where do you usually hoop?" error={error}>
        <Select id="location" {...invalidProps("location", error)} {...form.register("location")}>
          <option value="">Not set</option>
          {locations.map((area) => (
            <option key={area} value={area}>
              {area}
            </option>
          ))}
        </Select>
      </FormField>
      {noCity && (
        <p className="-mt-4 text-sm text-muted-foreground">
          Areas come from your city.{" "}
          <Link href="/settings" className="text-primary underline-offset-4 hover:underline">
            Set your city in Settings
          </Link>{" "}
          to choose one.
        </p>
      )}
      <div className="flex items-center gap-3">
        <Checkbox id="isAvailable" {...form.register("isAvailable")} />
        <Label htmlFor="isAvailable">I'm available to hoop</Label>
      </div>
    </div>
  );
}
