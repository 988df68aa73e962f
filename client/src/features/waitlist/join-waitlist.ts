import type { WaitlistEntry, WaitlistSignup } from "@common/waitlist.ts";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api.ts";

/** POST /api/waitlist (product §7): 201 with the entry, 409 when the e-mail is already listed. */
export async function joinWaitlist(signup: WaitlistSignup): Promise<WaitlistEntry> {
  const response = await apiRequest("POST", "/api/waitlist", signup);
  return (await response.json()) as WaitlistEntry;
}

export function useJoinWaitlist() {
  return useMutation({ mutationFn: joinWaitlist });
}
