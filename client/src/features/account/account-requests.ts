import type {
  AccountSession,
  ChangeEmailInput,
  ChangePasswordInput,
  DeleteAccountInput,
} from "@common/account.ts";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api.ts";

/** GET /api/account/sessions: where the account is signed in. */
export const accountSessionsQuery = queryOptions<AccountSession[]>({
  queryKey: ["/api/account/sessions"],
});

const messageOf = async (response: Response) =>
  ((await response.json()) as { message: string }).message;

/** POST /api/account/confirmation: a new confirmation link (the banner's Resend). */
export function useResendConfirmation() {
  return useMutation({
    mutationFn: async () => messageOf(await apiRequest("POST", "/api/account/confirmation")),
  });
}

/** POST /api/account/password: other sessions end, so the list is read again. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ChangePasswordInput) =>
      messageOf(await apiRequest("POST", "/api/account/password", input)),
    onSuccess: () => queryClient.invalidateQueries(accountSessionsQuery),
  });
}

/** POST /api/account/email: a link goes to the new address; nothing changes until it is used. */
export function useChangeEmail() {
  return useMutation({
    mutationFn: async (input: ChangeEmailInput) =>
      messageOf(await apiRequest("POST", "/api/account/email", input)),
  });
}

/** DELETE /api/account/sessions/:id, or every other one with `"others"`. */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (which: string) => {
      if (which === "others") await apiRequest("POST", "/api/account/sessions/end-others");
      else await apiRequest("DELETE", `/api/account/sessions/${which}`);
    },
    onSettled: () => queryClient.invalidateQueries(accountSessionsQuery),
  });
}

/** POST /api/account/delete: the account goes and this browser is signed out. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: async (input: DeleteAccountInput) => {
      await apiRequest("POST", "/api/account/delete", input);
    },
  });
}
