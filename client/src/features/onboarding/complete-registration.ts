import { PRODUCT_NAME } from "@common/constants.ts";
import { useMutation } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { toast } from "@/components/ui/use-toast.ts";
import { useAuth } from "@/features/auth/use-auth.ts";
import { apiRequest } from "@/lib/api.ts";

/**
 * POST /api/user/complete-registration (spec §2, §4): onboarding is over, the player goes to
 * /. The current user is read again first, so nothing still thinks onboarding is open.
 */
export function useCompleteRegistration() {
  const { refresh } = useAuth();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: () => apiRequest("POST", "/api/user/complete-registration"),
    onSuccess: async () => {
      toast({
        title: `Welcome to ${PRODUCT_NAME}!`,
        description: "Your account setup is complete.",
      });
      await refresh();
      navigate("/");
    },
    onError: () =>
      toast({
        variant: "destructive",
        title: "Error",
        description: "Failed to complete registration. Please try again.",
      }),
  });
}
