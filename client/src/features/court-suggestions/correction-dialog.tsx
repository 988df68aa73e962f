import {
  COURTS_AT_PLACE_MAX,
  type CourtChanges,
  courtSuggestionInputSchema,
} from "@common/court-suggestions.ts";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { Checkbox } from "@/components/ui/checkbox.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog.tsx";
import { FormField } from "@/components/ui/form-field.tsx";
import { CountInput, Input } from "@/components/ui/input.tsx";
import { Label } from "@/components/ui/label.tsx";
import { Select } from "@/components/ui/select.tsx";
import { toast } from "@/components/ui/use-toast.ts";
import { apiErrorOf } from "@/lib/api.ts";
import { useSuggestCourt } from "./use-suggestion-actions.ts";

type Court = {
  id: number;
  name: string;
  isIndoor: boolean;
  lighting: boolean;
  freeToPlay: boolean;
  numberOfCourts: number;
};

type Choice = "" | "yes" | "no";
const asBoolean = (choice: Choice) => (choice === "" ? undefined : choice === "yes");

/** What a correction may change; a field left as it is proposes nothing. */
export function CorrectionDialog({
  court,
  open,
  onOpenChange,
}: {
  court: Court;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const [name, setName] = useState("");
  const [indoor, setIndoor] = useState<Choice>("");
  const [lights, setLights] = useState<Choice>("");
  const [free, setFree] = useState<Choice>("");
  const [count, setCount] = useState("");
  const [closed, setClosed] = useState(false);
  const [error, setError] = useState<string>();
  const suggest = useSuggestCourt();

  function close(next: boolean) {
    if (suggest.isPending) return;
    if (!next) setError(undefined);
    onOpenChange(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const changes: CourtChanges = {
      name: name.trim() ? name : undefined,
      isIndoor: asBoolean(indoor),
      lighting: asBoolean(lights),
      freeToPlay: asBoolean(free),
      numberOfCourts: count === "" ? undefined : Number(count),
      closed: closed ? true : undefined,
    };
    const parsed = courtSuggestionInputSchema.safeParse({
      kind: "change",
      courtId: court.id,
      changes,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    suggest.mutate(parsed.data, {
      onSuccess: () => {
        toast({
          title: "Correction suggested",
          description: "Players nearby will confirm it; you can follow it under Suggest a Court.",
        });
        onOpenChange(false);
      },
      onError: (failure) =>
        setError(apiErrorOf(failure)?.message ?? "Could not send it. Please try again."),
    });
  }

  const choice = (
    label: string,
    value: Choice,
    set: (v: Choice) => void,
    yes: string,
    no: string,
    now: boolean,
  ) => (
    <FormField label={label}>
      {(control) => (
        <Select {...control} value={value} onChange={(e) => set(e.target.value as Choice)}>
          <option value="">Keep as is ({now ? yes : no})</option>
          <option value="yes">{yes}</option>
          <option value="no">{no}</option>
        </Select>
      )}
    </FormField>
  );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Suggest a correction</DialogTitle>
            <DialogDescription>
              Change only what is wrong about {court.name}. Players nearby decide; once enough
              confirm it, the court changes for everyone.
            </DialogDescription>
          </DialogHeader>
          <FormField label="Name" hint="Leave empty to keep the name.">
            {(control) => (
              <Input
                {...control}
                value={name}
                onChange={(e) => setName(e.target.value)}
                maxLength={200}
              />
            )}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-3">
            {choice("Type", indoor, setIndoor, "Indoor", "Outdoor", court.isIndoor)}
            {choice("Lights", lights, setLights, "Lights", "No lights", court.lighting)}
            {choice("Price", free, setFree, "Free", "Paid", court.freeToPlay)}
          </div>
          <FormField
            label="Number of courts"
            hint={`Now ${court.numberOfCourts}. Leave empty to keep it.`}
          >
            {(control) => (
              <CountInput
                {...control}
                min={1}
                max={COURTS_AT_PLACE_MAX}
                value={count}
                onChange={(e) => setCount(e.target.value)}
              />
            )}
          </FormField>
          <div className="flex items-center gap-2">
            <Checkbox
              id={`${id}-closed`}
              checked={closed}
              onChange={(e) => setClosed(e.target.checked)}
            />
            <Label htmlFor={`${id}-closed`}>Closed for good</Label>
          </div>
          {error && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              disabled={suggest.isPending}
              onClick={() => close(false)}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={suggest.isPending}>
              {suggest.isPending ? "Sending..." : "Suggest"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
