import { type ChangePasswordInput, changePasswordSchema } from "@common/account.ts";
import { Button } from "@/components/ui/button.tsx";
import { FormFeedback, PasswordField } from "./account-form-parts.tsx";
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
      <PasswordField
        label="Current password"
        registration={form.register("currentPassword")}
        error={errors.currentPassword?.message}
      />
      <PasswordField
        label="New password"
        hint="8 to 128 characters; very common passwords are refused."
        autoComplete="new-password"
        registration={form.register("newPassword")}
        error={errors.newPassword?.message}
      />
      <FormFeedback error={formError} done={done} />
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
