import { hash, verify } from "@node-rs/argon2";

// Algorithm.Argon2id of @node-rs/argon2 (an ambient const enum that isolated modules cannot read).
const ARGON2ID = 2;

// OWASP's argon2id baseline: 19 MiB of memory, 2 iterations, one lane.
const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verified against when the e-mail is unknown, so a wrong e-mail costs as long as a wrong
// password and the timing does not tell which accounts exist.
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword("no-such-account-placeholder");
  await verifyPassword(await dummyHash, password);
}
