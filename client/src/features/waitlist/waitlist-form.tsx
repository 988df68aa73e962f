import { PRODUCT_NAME } from "@common/constants.ts";
import {
  POSITION_HINT,
  type WaitlistEntry,
  type WaitlistSignup,
  type WaitlistSignupInput,
  waitlistSignupSchema,
} from "@common/waitlist.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button.tsx";
import { toast } from "@/components/ui/use-toast.ts";
import { apiErrorOf } from "@/lib/api.ts";
import { useJoinWaitlist } from "./join-waitlist.ts";
import { WaitlistField } from "./waitlist-field.tsx";

const FIELDS = ["email", "name", "city", "position"] as const;
const isField = (name: string): name is (typeof FIELDS)[number] =>
  (FIELDS as readonly string[]).includes(name);

type WaitlistFormProps = {
  onJoined: (entry: WaitlistEntry) => void;
  /** What the server said of a plain form post (sent before the app was ready). */
  problem?: string;
};

/**
 * The form is a real POST form (issue 31): sent before the app hydrated it, the browser posts
 * it to the server, which saves it and answers with this page again; once hydrated, the app
 * sends it itself. Its fields never go into an address.
 */
export function WaitlistForm({ onJoined, problem }: WaitlistFormProps) {
  const form = useForm<WaitlistSignupInput, unknown, WaitlistSignup>({
    resolver: zodResolver(waitlistSignupSchema),
    defaultValues: { email: "", name: "", city: "", position: "" },
  });
  const join = useJoinWaitlist();
  // A problem that belongs to no one field (too many signups from this address).
  const [formError, setFormError] = useState<string | undefined>(problem);
  const { errors } = form.formState;

  function showFailure(error: unknown) {
    const apiError = apiErrorOf(error);
    if (apiError?.status === 409) {
      form.setError("email", { message: apiError.message }, { shouldFocus: true });
      toast({ variant: "destructive", title: "Already signed up", description: apiError.message });
      return;
    }
    if (apiError?.status === 429) setFormError(apiError.message);
    for (const [field, message] of Object.entries(apiError?.errors ?? {})) {
      if (isField(field)) form.setError(field, { message });
    }
    toast({
      variant: "destructive",
      title: "Something went wrong",
      description: "Please try again.",
    });
  }

  const submit = form.handleSubmit((signup) => {
    setFormError(undefined);
    join.mutate(signup, {
      onSuccess: (entry) => {
        toast({
          title: "Welcome to the waitlist!",
          description: `We'll notify you when ${PRODUCT_NAME} launches.`,
        });
        onJoined(entry);
      },
      onError: showFailure,
    });
  });

  return (
    <form
      noValidate
      method="post"
      action="/api/waitlist/form"
      aria-label="Join the waitlist"
      onSubmit={submit}
      className="grid gap-5"
    >
      <WaitlistField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register("email")}
      />
      <WaitlistField
        label="Name"
        autoComplete="name"
        error={errors.name?.message}
        {...form.register("name")}
      />
      <WaitlistField
        label="City"
        autoComplete="address-level2"
        error={errors.city?.message}
        {...form.register("city")}
      />
      <WaitlistField
        label="Position"
        autoComplete="off"
        hint={POSITION_HINT}
        error={errors.position?.message}
        {...form.register("position")}
      />
      {formError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {formError}
        </p>
      )}
      <Button type="submit" size="lg" disabled={join.isPending}>
        {join.isPending ? "Joining..." : "Join the Waitlist"}
      </Button>
    </form>
  );
}
