import type { WaitlistSignup } from "../../../common/waitlist.ts";
import { isUniqueViolation } from "../../auth/accounts.ts";
import type { Db } from "../../db/client.ts";
import { waitlist } from "../../db/schema.ts";

export interface WaitlistRow extends WaitlistSignup {
  id: number;
  createdAt: Date;
}

export type JoinWaitlistResult =
  | { status: "joined"; entry: WaitlistRow }
  | { status: "already-on-waitlist" };

/**
 * Puts a visitor on the pre-launch waitlist. The e-mail is stored as typed; the unique index
 * on lower(email) is what refuses a second signup in any letter case. Checking first and then
 * inserting would let two simultaneous submissions both pass the check, so the insert is
 * attempted and the index's violation is the answer.
 */
export async function joinWaitlist(db: Db, signup: WaitlistSignup): Promise<JoinWaitlistResult> {
  try {
    const [row] = await db
      .insert(waitlist)
      .values(signup)
      .returning({ id: waitlist.id, createdAt: waitlist.createdAt });
    if (!row) throw new Error("waitlist insert returned no row");
    return { status: "joined", entry: { ...signup, ...row } };
  } catch (error) {
    if (isUniqueViolation(error)) return { status: "already-on-waitlist" };
    throw error;
  }
}
