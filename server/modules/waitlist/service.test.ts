import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { waitlist } from "../../db/schema.ts";
import { openTestDatabase } from "../../test-support/test-database.ts";
import { joinWaitlist } from "./service.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const signup = {
  email: "Magic.Johnson@Example.com",
  name: "Earvin",
  city: "Lansing",
  position: "PG",
};

describe("joinWaitlist", () => {
  it("stores the signup with the e-mail as typed", async () => {
    const result = await joinWaitlist(database.db, signup);
    expect(result).toEqual({
      status: "joined",
      entry: { ...signup, id: expect.any(Number), createdAt: expect.any(Date) },
    });
    expect(await database.db.select().from(waitlist)).toEqual([expect.objectContaining(signup)]);
  });

  it("reports an e-mail already on the list, whatever its letter case, and adds no row", async () => {
    const result = await joinWaitlist(database.db, {
      ...signup,
      email: "magic.johnson@EXAMPLE.COM",
    });
    expect(result).toEqual({ status: "already-on-waitlist" });
    expect(await database.db.select().from(waitlist)).toHaveLength(1);
  });
});
