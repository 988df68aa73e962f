import { COURTS_AT_PLACE_MAX, courtSuggestionInputSchema } from "@common/court-suggestions.ts";
import type { Position } from "@common/position.ts";
import { type FormEvent, lazy, Suspense, useId, useState } from "react";
import { DEFAULT_CENTER, DEFAULT_ZOOM, NEARBY_ZOOM } from "@/components/map/map-view.ts";
import { Button } from "@/components/ui/button.tsx";
import { Checkbox } from "@/components/ui/checkbox.tsx";
import { FormField } from "@/components/ui/form-field.tsx";
import { CountInput, Input } from "@/components/ui/input.tsx";
import { Label } from "@/components/ui/label.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { toast } from "@/components/ui/use-toast.ts";
import { apiErrorOf } from "@/lib/api.ts";
import { useAuth } from "@/lib/auth/use-auth.ts";
import { currentPosition } from "@/lib/current-position.ts";
import { useSuggestCourt } from "./use-suggestion-actions.ts";

const PointPickerMap = lazy(() => import("./point-picker-map.tsx"));

const EMPTY = { name: "", address: "", latitude: "", longitude: "", count: "1" };
const round6 = (n: number) => String(Math.round(n * 1e6) / 1e6);

/** A missing court: a point on the map (or typed, or the browser's), its name and facts. */
export function NewCourtForm() {
  const id = useId();
  const { user } = useAuth();
  const [values, setValues] = useState(EMPTY);
  const [facts, setFacts] = useState({ isIndoor: false, lighting: false, freeToPlay: true });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const suggest = useSuggestCourt();
  const set = (key: keyof typeof EMPTY) => (value: string) =>
    setValues((v) => ({ ...v, [key]: value }));
  const home: [number, number] | null =
    user?.latitude != null && user.longitude != null ? [user.latitude, user.longitude] : null;
  const point: Position | null =
    values.latitude !== "" &&
    values.longitude !== "" &&
    Number.isFinite(Number(values.latitude)) &&
    Number.isFinite(Number(values.longitude))
      ? { latitude: Number(values.latitude), longitude: Number(values.longitude) }
      : null;

  const pick = (p: Position) =>
    setValues((v) => ({ ...v, latitude: round6(p.latitude), longitude: round6(p.longitude) }));

  async function locateMe() {
    try {
      pick(await currentPosition());
    } catch (failure) {
      toast({
        variant: "destructive",
        title: "No location",
        description: (failure as Error).message,
      });
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = courtSuggestionInputSchema.safeParse({
      kind: "new",
      name: values.name,
      address: values.address.trim() || undefined,
      latitude: values.latitude === "" ? undefined : Number(values.latitude),
      longitude: values.longitude === "" ? undefined : Number(values.longitude),
      numberOfCourts: Number(values.count),
      ...facts,
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues)
        found[String(issue.path[0] ?? "form")] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    suggest.mutate(parsed.data, {
      onSuccess: () => {
        toast({
          title: "Court suggested",
          description: "It appears on the map once players nearby confirm it.",
        });
        setValues(EMPTY);
      },
      onError: (failure) =>
        setErrors({ form: apiErrorOf(failure)?.message ?? "Could not send it. Please try again." }),
    });
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        Add a missing court
      </h2>
      <p className="text-sm text-muted-foreground">
        Tap the map where the court is, or use your location when you are standing on it.
      </p>
      <section
        aria-label="Map to place the court"
        className="isolate h-72 overflow-hidden rounded-lg border"
      >
        <Suspense fallback={<Skeleton className="size-full rounded-none" />}>
          <PointPickerMap
            center={home ?? DEFAULT_CENTER}
            zoom={home ? NEARBY_ZOOM : DEFAULT_ZOOM}
            point={point}
            onPick={pick}
          />
        </Suspense>
      </section>
      <div className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <FormField label="Latitude" error={errors.latitude}>
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              value={values.latitude}
              onChange={(e) => set("latitude")(e.target.value)}
            />
          )}
        </FormField>
        <FormField label="Longitude" error={errors.longitude}>
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              value={values.longitude}
              onChange={(e) => set("longitude")(e.target.value)}
            />
          )}
        </FormField>
        <Button type="button" variant="outline" onClick={locateMe}>
          Use my location
        </Button>
      </div>
      <FormField label="Name" error={errors.name}>
        {(control) => (
          <Input
            {...control}
            value={values.name}
            maxLength={200}
            onChange={(e) => set("name")(e.target.value)}
          />
        )}
      </FormField>
      <FormField label="Address (optional)" error={errors.address}>
        {(control) => (
          <Input
            {...control}
            value={values.address}
            maxLength={300}
            onChange={(e) => set("address")(e.target.value)}
          />
        )}
      </FormField>
      <FormField label="Number of courts" error={errors.numberOfCourts}>
        {(control) => (
          <CountInput
            {...control}
            min={1}
            max={COURTS_AT_PLACE_MAX}
            value={values.count}
            onChange={(e) => set("count")(e.target.value)}
          />
        )}
      </FormField>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {(
          [
            ["isIndoor", "Indoor"],
            ["lighting", "Lights"],
            ["freeToPlay", "Free to play"],
          ] as const
        ).map(([key, label]) => (
          <div key={key} className="flex items-center gap-2">
            <Checkbox
              id={`${id}-${key}`}
              checked={facts[key]}
              onChange={(e) => setFacts((f) => ({ ...f, [key]: e.target.checked }))}
            />
            <Label htmlFor={`${id}-${key}`}>{label}</Label>
          </div>
        ))}
      </div>
      {(errors.form || errors.kind) && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors.form ?? errors.kind}
        </p>
      )}
      <div>
        <Button type="submit" disabled={suggest.isPending}>
          {suggest.isPending ? "Sending..." : "Suggest this court"}
        </Button>
      </div>
    </form>
  );
}
