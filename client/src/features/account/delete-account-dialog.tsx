import { type DeleteAccountInput, deleteAccountSchema } from "@common/account.ts";
import { useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog.tsx";
import { FormFeedback, PasswordField } from "./account-form-parts.tsx";
import { useDeleteAccount } from "./account-requests.ts";
import { useAccountForm } from "./use-account-form.ts";

/**
 * Deleting is final: a dialog says what happens, asks for the password, and on success the
 * browser leaves for the landing page with a full load, so nothing of the account stays cached.
 */
export function DeleteAccountDialog({ onDeleted }: { onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const { form, formError, setFormError, showFailure } = useAccountForm<DeleteAccountInput>(
    deleteAccountSchema,
    { password: "" },
    "password",
  );
  const remove = useDeleteAccount();
  const submit = form.handleSubmit((input) => {
    setFormError(undefined);
    remove.mutate(input, { onSuccess: onDeleted, onError: showFailure });
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="destructive" className="justify-self-start">
          Delete account
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription>
            Your profile, settings, check-ins, favourites and inbox are deleted. Upcoming games you
            organize are cancelled and their players told; you leave the games you joined. Games
            already played keep their results, with you shown as "Deleted player". This cannot be
            undone.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <PasswordField
            label="Password"
            registration={form.register("password")}
            error={form.formState.errors.password?.message}
          />
          <FormFeedback error={formError} done={null} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Keep my account
            </Button>
            <Button type="submit" variant="destructive" disabled={remove.isPending}>
              {remove.isPending ? "Deleting..." : "Delete my account"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
