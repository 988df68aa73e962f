import type { ConditionReport } from "@common/court-conditions.ts";
import type { CourtPresence, RecentCourtGame } from "@common/court-page.ts";
import type { CourtGame } from "@common/courts.ts";
import { REPORT_THANKS } from "@common/moderation.ts";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route } from "wouter";
import { dismissToast } from "@/components/ui/use-toast.ts";
import { nobodyHere, testCourtDetail } from "@/features/court-page/test-court-page.ts";
import { testSuggestion } from "@/features/court-suggestions/test-suggestions.ts";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { testUser } from "@/test-support/test-user.ts";
import CourtPage from "./court.tsx";

vi.mock(
  "@/features/court-page/court-map.tsx",
  () => import("@/features/court-page/fake-court-map.tsx"),
);
afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

const upcoming: CourtGame[] = [
  {
    id: 31,
    title: "Tuesday Evening Run",
    scheduledAt: "2030-06-05T01:30:00Z",
    currentPlayers: 7,
    maxPlayers: 10,
    status: "open",
    gameType: "pickup",
  },
];
const recent: RecentCourtGame[] = [
  {
    id: 30,
    title: null,
    scheduledAt: "2026-05-30T01:00:00Z",
    gameType: "5v5",
    currentPlayers: 10,
    score: { teamA: 21, teamB: 17 },
  },
];

function renderCourt({
  user = null as ReturnType<typeof testUser> | null,
  court = testCourtDetail(),
  presence = nobodyHere as CourtPresence,
  routes = {},
}: Partial<{
  user: ReturnType<typeof testUser> | null;
  court: ReturnType<typeof testCourtDetail>;
  presence: CourtPresence;
  routes: Record<string, Response | ((init?: RequestInit) => Response)>;
}> = {}) {
  return renderWithApi(
    <Route path="/courts/:id">
      <CourtPage />
    </Route>,
    {
      user,
      path: `/courts/${court.id}`,
      routes: {
        [`/api/courts/${court.id}`]: Response.json(court),
        [`/api/courts/${court.id}/presence`]: Response.json(presence),
        [`/api/courts/${court.id}/games`]: Response.json(upcoming),
        [`/api/courts/${court.id}/recent-games`]: Response.json(recent),
        [`/api/courts/${court.id}/conditions`]: Response.json([]),
        [`/api/courts/${court.id}/kings`]: Response.json([]),
        [`/api/courts/${court.id}/suggestions`]: Response.json([]),
        [`/api/courts/${court.id}/rating`]: Response.json({
          rating: court.rating,
          count: 0,
          playersMean: null,
          mine: null,
        }),
        [`/api/courts/${court.id}/popular-times`]: Response.json({
          timeZone: court.timeZone,
          checkIns: 3,
          days: 2,
          enoughData: false,
          week: null,
          now: null,
          bestFullRun: null,
          busiest: null,
        }),
        ...routes,
      },
    },
  );
}

describe("a court's page", () => {
  it("shows the court's facts, its map, and its games in the court's own time", async () => {
    renderCourt();
    expect(
      await screen.findByRole("heading", { level: 1, name: "Venice Beach Courts" }),
    ).toBeInTheDocument();
    const facts = screen.getByRole("list", { name: "Court facts" });
    expect(
      within(facts)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Outdoor", "Free", "Lights", "4 Court(s)"]);
    expect(await screen.findByText("Map of Venice Beach Courts")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Get Directions/ })).toHaveAttribute(
      "target",
      "_blank",
    );
    expect(await screen.findByRole("link", { name: "Tuesday Evening Run" })).toHaveAttribute(
      "href",
      "/game/31",
    );
    // 01:30 UTC on June 5 is 6:30 PM on June 4 in Los Angeles.
    expect(
      screen.getByText(
        (_, element) =>
          element?.tagName === "TIME" && element.textContent === "Tue, Jun 4, 6:30 PM PT",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText("7/10 players")).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "5-on-5" })).toHaveAttribute("href", "/game/30");
    expect(screen.getByText("21 – 17")).toBeInTheDocument();
    expect(document.title).toMatch(/^Venice Beach Courts · /);
  });

  it("tells visitors how many are here, and asks them to sign up to check in", async () => {
    const user = userEvent.setup();
    renderCourt({ presence: { count: 3, players: [], unnamed: 3, viewerHere: false } });
    expect(await screen.findByText("3 players are here now.")).toBeInTheDocument();
    expect(screen.getByText("Sign in to see who.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Check In" }));
    expect(
      await screen.findByRole("dialog", { name: "You need to sign up to check in" }),
    ).toBeInTheDocument();
  });

  it("shows players the names privacy allows, and checks them in from the Check into Court dialog", async () => {
    const user = userEvent.setup();
    let here: CourtPresence = {
      count: 3,
      players: [{ id: "u2", name: "Showtime", profileImageUrl: null }],
      unnamed: 2,
      viewerHere: false,
    };
    const { fetchMock } = renderCourt({
      user: testUser(),
      routes: {
        "/api/courts/7/presence": () => Response.json(here),
        "POST /api/checkin": () => {
          here = { ...here, count: 4, viewerHere: true };
          return Response.json({
            id: 1,
            courtId: 7,
            courtName: "Venice Beach Courts",
            checkedInAt: "",
            expiresAt: "",
          });
        },
      },
    });
    const list = await screen.findByRole("list", { name: "Players here" });
    expect(within(list).getByText("Showtime")).toBeInTheDocument();
    expect(screen.getByText("and 2 more who keep their location private")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Check In" }));
    const dialog = await screen.findByRole("dialog", { name: "Check into Court" });
    await user.click(within(dialog).getByRole("button", { name: "Check In" }));
    expect(await screen.findByText("You're checked in here.")).toBeInTheDocument();
    expect(screen.getByText("4 players are here now.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Check In" })).not.toBeInTheDocument();
    const post = fetchMock.mock.calls.find(
      ([url, init]) => url === "/api/checkin" && init?.method === "POST",
    );
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ courtId: 7 });
  });

  it("marks a retired court closed: history stays, check-in and rating go", async () => {
    renderCourt({ user: testUser(), court: testCourtDetail({ isActive: false }) });
    expect(await screen.findByText(/Closed for good/)).toBeInTheDocument();
    expect(await screen.findByText("No games: the court is closed.")).toBeInTheDocument();
    expect(await screen.findByText("21 – 17")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByText("Nobody is checked in right now.")).toBeInTheDocument(),
    );
    expect(screen.queryByRole("button", { name: "Check In" })).not.toBeInTheDocument();
    expect(screen.queryByRole("radiogroup")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Report" })).not.toBeInTheDocument();
  });

  it("says when there is no such court", async () => {
    renderCourt({
      routes: {
        "/api/courts/7": () => Response.json({ message: "Court not found." }, { status: 404 }),
      },
    });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Court not found" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Browse Courts" })).toHaveAttribute("href", "/courts");
  });

  it("offline, a court this device never kept says so inside the app (issue 31)", async () => {
    const court = testCourtDetail();
    renderCourt({
      court,
      routes: {
        [`/api/courts/${court.id}`]: () => {
          throw new TypeError("Failed to fetch");
        },
      },
    });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This page hasn't been opened on this device yet",
    );
    expect(screen.queryByText("The court could not be loaded.")).toBeNull();
    // The network is back: the app's offline state is module-wide, so reset it for the next test.
    act(() => void window.dispatchEvent(new Event("online")));
  });
});

const condition = (overrides: Partial<ConditionReport>): ConditionReport => ({
  id: 4,
  kind: "nets_missing",
  note: null,
  createdAt: new Date(Date.now() - 20 * 60_000).toISOString(),
  expiresAt: new Date(Date.now() + 60 * 60_000).toISOString(),
  lastConfirmedAt: null,
  confirmations: 0,
  mine: false,
  confirmedByViewer: false,
  ...overrides,
});

describe("reporting a court's condition report", () => {
  const conditions = () =>
    Response.json([condition({}), condition({ id: 5, kind: "lights_out", mine: true })]);

  it("offers Report on others' condition reports, not one's own, and reports it by its id", async () => {
    const bodies: unknown[] = [];
    renderCourt({
      user: testUser(),
      routes: {
        "/api/courts/7/conditions": conditions,
        "POST /api/reports": (init) => {
          bodies.push(JSON.parse(String(init?.body)));
          return Response.json({ id: 3 }, { status: 201 });
        },
      },
    });
    const list = await screen.findByRole("list", { name: "Recent reports" });
    const [theirs, own] = within(list).getAllByRole("listitem");
    const report = await within(theirs as HTMLElement).findByRole("button", {
      name: 'Report condition report "Nets missing"',
    });
    expect(within(own as HTMLElement).queryByRole("button", { name: /^Report/ })).toBeNull();
    await userEvent.click(report);
    const dialog = await screen.findByRole("dialog", {
      name: 'Report condition report "Nets missing"?',
    });
    await userEvent.click(within(dialog).getByRole("radio", { name: "Harassment or bullying" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Send report" }));
    expect(await screen.findByText(REPORT_THANKS)).toBeInTheDocument();
    expect(bodies).toEqual([{ kind: "condition_report", targetId: "4", reason: "harassment" }]);
  });

  it("is not offered to a visitor", async () => {
    renderCourt({ routes: { "/api/courts/7/conditions": conditions } });
    const list = await screen.findByRole("list", { name: "Recent reports" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    expect(await screen.findByText("Sign in to report what you see at the court.")).toBeVisible();
    expect(within(list).queryByRole("button", { name: /^Report/ })).toBeNull();
  });
});

describe("reporting a correction of the court", () => {
  const corrections = () =>
    Response.json([testSuggestion({ id: 8 }), testSuggestion({ id: 9, mine: true })]);

  it("offers Report on others' pending corrections, not one's own, and reports it by its id", async () => {
    const bodies: unknown[] = [];
    renderCourt({
      user: testUser(),
      routes: {
        "/api/courts/7/suggestions": corrections,
        "POST /api/reports": (init) => {
          bodies.push(JSON.parse(String(init?.body)));
          return Response.json({ id: 6 }, { status: 201 });
        },
      },
    });
    await screen.findByRole("button", { name: "Suggest a correction" });
    const [theirs, own] = screen.getAllByRole("article", {
      name: "Correction of Venice Beach Courts",
    });
    const report = await within(theirs as HTMLElement).findByRole("button", {
      name: 'Report court suggestion "Correction of Venice Beach Courts"',
    });
    expect(within(own as HTMLElement).queryByRole("button", { name: /^Report/ })).toBeNull();
    await userEvent.click(report);
    const dialog = await screen.findByRole("dialog", {
      name: 'Report court suggestion "Correction of Venice Beach Courts"?',
    });
    await userEvent.click(within(dialog).getByRole("radio", { name: "Spam or scam" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Send report" }));
    expect(await screen.findByText(REPORT_THANKS)).toBeInTheDocument();
    expect(bodies).toEqual([{ kind: "court_suggestion", targetId: "8", reason: "spam" }]);
  });

  it("is not offered to a visitor", async () => {
    renderCourt({ routes: { "/api/courts/7/suggestions": corrections } });
    expect(await screen.findByText("Sign in to suggest a correction.")).toBeInTheDocument();
    const articles = await screen.findAllByRole("article", {
      name: "Correction of Venice Beach Courts",
    });
    expect(articles).toHaveLength(2);
    for (const article of articles) {
      expect(within(article).queryByRole("button", { name: /^Report/ })).toBeNull();
    }
  });
});
