import { type ChangePasswordInput, changePasswordSchema } from "@common/account.ts";
import { Button } from "@/components/ui/button.tsx";
import { FormField } from "@/components/ui/form-field.tsx";
import { Input } from "@/components/ui/input.tsx";
import { useChangePassword } from "./account-requests.ts";
import { useAccountForm } from "./use-account-form.ts";

/** Settings → Change password: the current one first; every other session is signed out. */
export function ChangePasswordForm() {
  const { form, formError, setFormError, done, setDone, showFailure, reset } =
    useAccountForm<ChangePasswordInput>(
      changePasswordSchema,
      { currentPassword: "", newPassword: "" },
      "currentPassword",
    );
  const change = useChangePassword();
  const { errors } = form.formState;
  const submit = form.handleSubmit((input) => {
    setFormError(undefined);
    setDone(undefined);
    change.mutate(input, { onSuccess: reset, onError: showFailure });
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="change-password-title"
      className="grid gap-4"
    >
      <h3 id="change-password-title" className="font-semibold">
        Change password
      </h3>
      <FormField label="Current password" error={errors.currentPassword?.message}>
        {(control) => (
          <Input
            type="password"
            autoComplete="current-password"
            {...control}
            {...form.register("currentPassword")}
          />
        )}
      </FormField>
      <FormField
        label="New password"
        hint="8 to 128 characters; very common passwords are refused."
        error={errors.newPassword?.message}
      >
        {(control) => (
          <Input
            type="password"
            autoComplete="new-password"
            {...control}
            {...form.register("newPassword")}
          />
        )}
      </FormField>
      {formError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {formError}
        </p>
      )}
      <p role="status" className="text-sm text-green-700 empty:hidden">
        {done ?? ""}
      </p>
      <Button
        type="submit"
        variant="outline"
        disabled={change.isPending}
        className="justify-self-start"
      >
        {change.isPending ? "Changing..." : "Change password"}
      </Button>
    </form>
  );
}
