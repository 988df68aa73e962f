import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  COURT_ALREADY_MAPPED,
  type CourtSuggestion,
  NOT_NEARBY,
  NOTHING_TO_CHANGE,
  OWN_SUGGESTION,
  SUGGESTION_DECIDED,
  SUGGESTION_KIND_MESSAGE,
  SUGGESTIONS_PER_DAY,
} from "../../../common/court-suggestions.ts";
import { LATITUDE_MESSAGE, LONGITUDE_MESSAGE } from "../../../common/position.ts";
import { courtSuggestions, courts, users } from "../../db/schema.ts";
import { callApi, playerWithSession } from "../../test-support/direct-session.ts";
import { insertCourtRow } from "../../test-support/game-rows.ts";
import { statusOf } from "../../test-support/outcomes.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { suggestCourt, voteOnSuggestion } from "./service.ts";

/**
 * On PostgreSQL (TEST_DATABASE_URL) the simultaneous votes below race on a pool of 20
 * connections; on PGlite they queue.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// A neighbourhood of its own per test, so nearby lists and duplicate checks never meet.
let area = 0;
function neighbourhood() {
  area += 1;
  return { latitude: 30 + area * 0.5, longitude: -100 };
}

const suggest = (cookie: string | undefined, body: unknown) =>
  callApi(t.app, "POST", "/api/court-suggestions", cookie, body);
const vote = (id: number, cookie: string, body: unknown) =>
  callApi(t.app, "POST", `/api/court-suggestions/${id}/vote`, cookie, body);

/** A player whose saved home is the given place (their city, from onboarding). */
const localAt = (home: { latitude: number; longitude: number }) =>
  playerWithSession(t.app, t.db, home);

const newCourt = (place: { latitude: number; longitude: number }, name = "Pier Park Courts") => ({
  kind: "new",
  name,
  ...place,
  lighting: true,
  numberOfCourts: 2,
});

describe("suggesting a missing court", () => {
  it("stays pending until nearby players confirm it, then becomes a real court of source 'player'", async () => {
    const home = neighbourhood();
    const spot = { latitude: home.latitude + 0.01, longitude: home.longitude };
    const suggester = await localAt(home);
    const made = await suggest(suggester.cookie, newCourt(spot));
    expect(made.statusCode).toBe(201);
    const suggestion = made.json<CourtSuggestion>();
    expect(suggestion).toMatchObject({
      kind: "new",
      status: "pending",
      courtId: null,
      courtName: "Pier Park Courts",
      mine: true,
      proposal: { name: "Pier Park Courts", lighting: true, numberOfCourts: 2, isIndoor: false },
    });

    // One objection: the margin needs three more confirmations than objections.
    const voters = await Promise.all([1, 2, 3, 4].map(() => localAt(home)));
    const nearby = await callApi(t.app, "GET", "/api/court-suggestions/nearby", voters[0]?.cookie);
    expect(nearby.json<CourtSuggestion[]>().map((s) => s.id)).toEqual([suggestion.id]);
    const objector = await localAt(home);
    expect((await vote(suggestion.id, objector.cookie, { agree: false })).json()).toMatchObject({
      objections: 1,
      viewerVote: false,
    });
    for (const voter of voters.slice(0, 3)) {
      const response = await vote(suggestion.id, voter.cookie, { agree: true });
      expect(response.json<CourtSuggestion>().status).toBe("pending");
    }
    const deciding = await vote(suggestion.id, voters[3]?.cookie as string, { agree: true });
    const accepted = deciding.json<CourtSuggestion>();
    expect(accepted).toMatchObject({ status: "accepted", confirmations: 4, objections: 1 });
    expect(accepted.courtId).toEqual(expect.any(Number));

    const [court] = await t.db
      .select()
      .from(courts)
      .where(eq(courts.id, accepted.courtId as number));
    expect(court).toMatchObject({
      name: "Pier Park Courts",
      source: "player",
      lighting: true,
      numberOfCourts: 2,
      isActive: true,
      ...spot,
    });
    // The suggester sees it accepted; the court is in the directory; voting is over.
    const mine = await callApi(t.app, "GET", "/api/court-suggestions/mine", suggester.cookie);
    expect(mine.json<CourtSuggestion[]>()[0]).toMatchObject({
      id: suggestion.id,
      status: "accepted",
    });
    const list = (await callApi(t.app, "GET", "/api/courts")).json<{ id: number }[]>();
    expect(list.some((c) => c.id === accepted.courtId)).toBe(true);
    const late = await vote(suggestion.id, objector.cookie, { agree: true });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: SUGGESTION_DECIDED });
  });

  it("is rejected when players nearby say it is wrong, and expires when nobody decides", async () => {
    const home = neighbourhood();
    const suggester = await localAt(home);
    const wrong = (
      await suggest(suggester.cookie, newCourt(home, "No Such Court"))
    ).json<CourtSuggestion>();
    for (let i = 0; i < 3; i++)
      await vote(wrong.id, (await localAt(home)).cookie, { agree: false });
    const spot = { latitude: home.latitude + 0.02, longitude: home.longitude };
    const forgotten = (
      await suggest(suggester.cookie, newCourt(spot, "Quiet Court"))
    ).json<CourtSuggestion>();
    await t.db
      .update(courtSuggestions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(courtSuggestions.id, forgotten.id));

    const mine = (
      await callApi(t.app, "GET", "/api/court-suggestions/mine", suggester.cookie)
    ).json<CourtSuggestion[]>();
    expect(mine.map((s) => [s.courtName, s.status])).toEqual([
      ["Quiet Court", "expired"],
      ["No Such Court", "rejected"],
    ]);
    expect(
      (await vote(forgotten.id, (await localAt(home)).cookie, { agree: true })).statusCode,
    ).toBe(409);
    const count = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(courts)
      .where(eq(courts.name, "No Such Court"));
    expect(count[0]?.n).toBe(0);
  });

  it("counts only players nearby, never the suggester", async () => {
    const home = neighbourhood();
    const suggester = await localAt(home);
    const made = (
      await suggest(suggester.cookie, newCourt(home, "Far Votes Court"))
    ).json<CourtSuggestion>();
    expect((await vote(made.id, suggester.cookie, { agree: true })).json()).toEqual({
      message: OWN_SUGGESTION,
    });
    const faraway = await localAt({ latitude: home.latitude + 5, longitude: home.longitude });
    const refused = await vote(made.id, faraway.cookie, { agree: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: NOT_NEARBY });
    // A player with no saved city who is standing there (browser position) may vote.
    const passerBy = await playerWithSession(t.app, t.db);
    expect((await vote(made.id, passerBy.cookie, { agree: true, position: home })).statusCode).toBe(
      200,
    );
    // Changing one's vote replaces it.
    const changed = await vote(made.id, passerBy.cookie, { agree: false, position: home });
    expect(changed.json<CourtSuggestion>()).toMatchObject({ confirmations: 0, objections: 1 });
  });

  it("refuses bad input (400), a court already mapped there (409) and floods (429)", async () => {
    const home = neighbourhood();
    const bro = await localAt(home);
    const cases: [unknown, string][] = [
      [{}, SUGGESTION_KIND_MESSAGE],
      [{ kind: "teleport" }, SUGGESTION_KIND_MESSAGE],
      [{ ...newCourt(home), name: "  " }, "Name is required"],
      [{ ...newCourt(home), latitude: 95 }, LATITUDE_MESSAGE],
      [{ ...newCourt(home), longitude: -181 }, LONGITUDE_MESSAGE],
      [
        { ...newCourt(home), numberOfCourts: 0 },
        "Number of courts must be a whole number from 1 to 20",
      ],
      [{ kind: "change", courtId: 1, changes: {} }, NOTHING_TO_CHANGE],
      [
        { kind: "change", courtId: 1, changes: { closed: false } },
        "Closed can only be set to true",
      ],
    ];
    for (const [body, message] of cases) {
      const response = await suggest(bro.cookie, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect((await suggest(undefined, newCourt(home))).statusCode).toBe(401);

    const mapped = await insertCourtRow(t.db, home);
    const duplicate = await suggest(
      bro.cookie,
      newCourt({ latitude: home.latitude + 0.0002, longitude: home.longitude }),
    );
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ message: COURT_ALREADY_MAPPED });
    expect(
      (await suggest(bro.cookie, { kind: "change", courtId: 999_999, changes: { lighting: true } }))
        .statusCode,
    ).toBe(404);
    const retired = await insertCourtRow(t.db, { ...home, isActive: false });
    expect(
      (await suggest(bro.cookie, { kind: "change", courtId: retired, changes: { lighting: true } }))
        .statusCode,
    ).toBe(409);

    const statuses = [];
    for (let i = 0; i <= SUGGESTIONS_PER_DAY; i++) {
      statuses.push(
        (
          await suggest(bro.cookie, {
            kind: "change",
            courtId: mapped,
            changes: { numberOfCourts: i + 1 },
          })
        ).statusCode,
      );
    }
    expect(statuses).toEqual([...Array(SUGGESTIONS_PER_DAY).fill(201), 429]);
  });
});

describe("suggesting a correction", () => {
  it("changes the court once accepted and marks it as edited by players", async () => {
    const home = neighbourhood();
    const court = await insertCourtRow(t.db, {
      ...home,
      name: "Old Name",
      isIndoor: false,
      lighting: false,
    });
    const suggester = await localAt(home);
    const made = await suggest(suggester.cookie, {
      kind: "change",
      courtId: court,
      changes: { name: "New Name", isIndoor: true, lighting: true },
    });
    const suggestion = made.json<CourtSuggestion>();
    expect(suggestion).toMatchObject({
      kind: "change",
      courtId: court,
      courtName: "Old Name",
      proposal: {
        name: "New Name",
        isIndoor: true,
        lighting: true,
        freeToPlay: null,
        closed: null,
      },
    });
    const open = await callApi(t.app, "GET", `/api/courts/${court}/suggestions`);
    expect(open.json<CourtSuggestion[]>().map((s) => s.id)).toEqual([suggestion.id]);
    for (let i = 0; i < 3; i++)
      await vote(suggestion.id, (await localAt(home)).cookie, { agree: true });

    const [changed] = await t.db.select().from(courts).where(eq(courts.id, court));
    expect(changed).toMatchObject({
      name: "New Name",
      isIndoor: true,
      courtType: "indoor",
      lighting: true,
      freeToPlay: true,
      isActive: true,
    });
    expect(changed?.playerEditedAt).toBeInstanceOf(Date);
    expect((await callApi(t.app, "GET", `/api/courts/${court}/suggestions`)).json()).toEqual([]);
  });

  it("closes a court for good: it leaves the directory and keeps its page", async () => {
    const home = neighbourhood();
    const court = await insertCourtRow(t.db, home);
    const suggester = await localAt(home);
    const made = (
      await suggest(suggester.cookie, { kind: "change", courtId: court, changes: { closed: true } })
    ).json<CourtSuggestion>();
    for (let i = 0; i < 3; i++) await vote(made.id, (await localAt(home)).cookie, { agree: true });
    const page = await callApi(t.app, "GET", `/api/courts/${court}`);
    expect(page.json()).toMatchObject({ isActive: false });
    const list = (await callApi(t.app, "GET", "/api/courts")).json<{ id: number }[]>();
    expect(list.some((c) => c.id === court)).toBe(false);
  });
});

describe("suggestions under concurrency", () => {
  it("one player's simultaneous suggestions stop at the daily limit", async () => {
    const home = neighbourhood();
    const [spammer] = await t.db
      .insert(users)
      .values({ firstName: "Spammer" })
      .returning({ id: users.id });
    const outcomes = await Promise.allSettled(
      Array.from({ length: SUGGESTIONS_PER_DAY + 4 }, (_, i) =>
        suggestCourt(t.db, spammer?.id as string, {
          kind: "new",
          name: `Spam Court ${i}`,
          latitude: home.latitude + i * 0.01,
          longitude: home.longitude,
          isIndoor: false,
          lighting: false,
          freeToPlay: true,
          numberOfCourts: 1,
        }),
      ),
    );
    const statuses = outcomes.map(statusOf);
    expect(statuses.filter((s) => s === 200)).toHaveLength(SUGGESTIONS_PER_DAY);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
  });

  it("ten simultaneous confirmations accept a new court exactly once", async () => {
    const home = neighbourhood();
    const suggester = await localAt(home);
    const made = (
      await suggest(suggester.cookie, newCourt(home, "Race Court"))
    ).json<CourtSuggestion>();
    const voters = (
      await t.db
        .insert(users)
        .values(Array.from({ length: 10 }, (_, i) => ({ firstName: `Voter ${i}`, ...home })))
        .returning({ id: users.id })
    ).map((u) => u.id);
    const outcomes = await Promise.allSettled(
      voters.map((id) => voteOnSuggestion(t.db, id, made.id, { agree: true })),
    );
    const statuses = outcomes.map(statusOf);
    // The vote that reaches the margin decides; those counted after it find the vote over.
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(3);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const created = await t.db.select().from(courts).where(eq(courts.name, "Race Court"));
    expect(created).toHaveLength(1);
    const [row] = await t.db
      .select()
      .from(courtSuggestions)
      .where(eq(courtSuggestions.id, made.id));
    expect(row).toMatchObject({ status: "accepted", courtId: created[0]?.id });
  });
});
