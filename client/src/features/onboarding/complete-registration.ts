import { PRODUCT_NAME } from "@common/constants.ts";
import { useMutation } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { toast } from "@/components/ui/use-toast.ts";
import { apiRequest } from "@/lib/api.ts";
import { useAuth } from "@/lib/auth/use-auth.ts";
import { useReturnTo } from "@/lib/use-return-to.ts";

/**
 * POST /api/user/complete-registration (product §2, §4): onboarding is over, the player goes to
 * / — or back to the page they were on when they had to sign in (`?returnTo=`, a path of this
 * site only). The current user is read again first, so nothing still thinks onboarding is open.
 */
export function useCompleteRegistration() {
  const { refresh } = useAuth();
  const [, navigate] = useLocation();
  const returnTo = useReturnTo();
  return useMutation({
    mutationFn: () => apiRequest("POST", "/api/user/complete-registration"),
    onSuccess: async () => {
      toast({
        title: `Welcome to ${PRODUCT_NAME}!`,
        description: "Your account setup is complete.",
      });
      await refresh();
      navigate(returnTo ?? "/");
    },
    onError: () =>
      toast({
        variant: "destructive",
        title: "Error",
        description: "Failed to complete registration. Please try again.",
      }),
  });
}
