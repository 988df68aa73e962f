import type { ApiError } from "@common/user.ts";
import type { WaitlistEntry, WaitlistSignup } from "@common/waitlist.ts";
import { useMutation } from "@tanstack/react-query";
import { apiRequest, HttpError } from "@/lib/api.ts";

/** POST /api/waitlist (spec §7): 201 with the entry, 409 when the e-mail is already listed. */
export async function joinWaitlist(signup: WaitlistSignup): Promise<WaitlistEntry> {
  const response = await apiRequest("POST", "/api/waitlist", signup);
  return (await response.json()) as WaitlistEntry;
}

export function useJoinWaitlist() {
  return useMutation({ mutationFn: joinWaitlist });
}

/** The API's `{ message, errors? }` of a failed call, when its body is one. */
export function apiErrorOf(error: unknown): (ApiError & { status: number }) | undefined {
  if (!(error instanceof HttpError)) return undefined;
  try {
    const body = JSON.parse(error.body) as Partial<ApiError>;
    if (typeof body.message !== "string") return undefined;
    return { status: error.status, message: body.message, errors: body.errors };
  } catch {
    return undefined;
  }
}
