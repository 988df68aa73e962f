import { Button } from "@/components/ui/button.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog.tsx";
import { signIn } from "@/lib/auth/auth-navigation.ts";

/** What a visitor tried to do, completing 'You need to sign up to {action}' (product §2). */
export type SignUpAction = "favorite courts" | "join games" | "check in";

type SignUpDialogProps = {
  action: SignUpAction | null;
  onClose: () => void;
};

/** Shown instead of a court action to a visitor who is signed out (product §2, §6). */
export function SignUpDialog({ action, onClose }: SignUpDialogProps) {
  return (
    <Dialog open={action !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>You need to sign up to {action}</DialogTitle>
          <DialogDescription>
            Create a free account to save your favorite courts, join pickup games and check in when
            you hoop.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Continue Browsing</Button>
          </DialogClose>
          <Button onClick={signIn}>Sign Up Now</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
