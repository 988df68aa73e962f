import { type ChangeEmailInput, changeEmailSchema } from "@common/account.ts";
import { Button } from "@/components/ui/button.tsx";
import { FormField } from "@/components/ui/form-field.tsx";
import { Input } from "@/components/ui/input.tsx";
import { FormFeedback, PasswordField } from "./account-form-parts.tsx";
import { useChangeEmail } from "./account-requests.ts";
import { useAccountForm } from "./use-account-form.ts";

/** Settings → Change e-mail: a link goes to the new address; the old one is told. */
export function ChangeEmailForm() {
  const { form, formError, setFormError, done, setDone, showFailure, reset } =
    useAccountForm<ChangeEmailInput>(changeEmailSchema, { newEmail: "", password: "" }, "password");
  const change = useChangeEmail();
  const { errors } = form.formState;
  const submit = form.handleSubmit((input) => {
    setFormError(undefined);
    setDone(undefined);
    change.mutate(input, { onSuccess: reset, onError: showFailure });
  });
  return (
    <form onSubmit={submit} noValidate aria-labelledby="change-email-title" className="grid gap-4">
      <h3 id="change-email-title" className="font-semibold">
        Change e-mail
      </h3>
      <FormField label="New email" error={errors.newEmail?.message}>
        {(control) => (
          <Input type="email" autoComplete="email" {...control} {...form.register("newEmail")} />
        )}
      </FormField>
      <PasswordField
        label="Password"
        registration={form.register("password")}
        error={errors.password?.message}
      />
      <FormFeedback error={formError} done={done} />
      <Button
        type="submit"
        variant="outline"
        disabled={change.isPending}
        className="justify-self-start"
      >
        {change.isPending ? "Sending..." : "Send confirmation link"}
      </Button>
    </form>
  );
}
