import { useQuery } from "@tanstack/react-query";
import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { testUser } from "@/test-support/test-user.ts";
import { LiveUpdates } from "./use-live-events.ts";

/** What the hook needs of a browser's EventSource, driven by the test. */
class FakeEventSource {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  onmessage: ((message: { data: string }) => void) | null = null;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  emit(event: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify(event) }));
  }
  close() {
    this.closed = true;
  }
}

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal("EventSource", FakeEventSource);
});
afterEach(() => vi.unstubAllGlobals());

function Seats({ id }: { id: number }) {
  const game = useQuery<{ currentPlayers: number }>({ queryKey: [`/api/games/${id}`] });
  return <p>{game.data ? `${game.data.currentPlayers} players` : "…"}</p>;
}

describe("LiveUpdates", () => {
  it("opens one stream and refetches what an event changed, and only that", async () => {
    let seats = 3;
    const { fetchMock, unmount } = renderWithApi(
      <>
        <LiveUpdates />
        <Seats id={7} />
        <Seats id={8} />
      </>,
      {
        user: testUser(),
        routes: {
          "/api/games/7": () => Response.json({ currentPlayers: seats }),
          "/api/games/8": () => Response.json({ currentPlayers: 10 }),
        },
      },
    );
    expect(await screen.findByText("3 players")).toBeInTheDocument();
    expect(FakeEventSource.opened.map((s) => s.url)).toEqual(["/api/events"]);

    seats = 4;
    FakeEventSource.opened[0]?.emit({ type: "game.changed", gameId: 7, courtId: 1 });
    expect(await screen.findByText("4 players")).toBeInTheDocument();
    const reads = (url: string) => fetchMock.mock.calls.filter(([u]) => u === url).length;
    expect(reads("/api/games/7")).toBe(2);
    expect(reads("/api/games/8")).toBe(1);

    unmount();
    expect(FakeEventSource.opened[0]?.closed).toBe(true);
  });

  it("refetches the same data at most once a second during a burst", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { fetchMock } = renderWithApi(
        <>
          <LiveUpdates />
          <Seats id={7} />
        </>,
        {
          user: testUser(),
          routes: { "/api/games/7": () => Response.json({ currentPlayers: 2 }) },
        },
      );
      await screen.findByText("2 players");
      const source = FakeEventSource.opened[0];
      for (let i = 0; i < 10; i++) source?.emit({ type: "game.changed", gameId: 7, courtId: 1 });
      await act(() => vi.advanceTimersByTimeAsync(1_100));
      const reads = fetchMock.mock.calls.filter(([u]) => u === "/api/games/7").length;
      expect(reads).toBe(3); // the first load, the first event at once, the rest once after 1 s
    } finally {
      vi.useRealTimers();
    }
  });

  it("refetches a run's page when one of its dates changes, and not for another game", async () => {
    let seats = 3;
    const { fetchMock } = renderWithApi(
      <>
        <LiveUpdates />
        <RunDates id={5} />
      </>,
      {
        user: testUser(),
        routes: {
          "/api/runs/5": () =>
            Response.json({ upcoming: [{ id: 70, currentPlayers: seats }, { id: 71 }] }),
        },
      },
    );
    expect(await screen.findByText("3 at the first date")).toBeInTheDocument();
    const reads = () => fetchMock.mock.calls.filter(([u]) => u === "/api/runs/5").length;
    FakeEventSource.opened[0]?.emit({ type: "game.changed", gameId: 99, courtId: 1 });
    seats = 4;
    FakeEventSource.opened[0]?.emit({ type: "game.changed", gameId: 70, courtId: 1 });
    expect(await screen.findByText("4 at the first date")).toBeInTheDocument();
    expect(reads()).toBe(2);
  });
});

function RunDates({ id }: { id: number }) {
  const run = useQuery<{ upcoming: { id: number; currentPlayers?: number }[] }>({
    queryKey: [`/api/runs/${id}`],
  });
  const first = run.data?.upcoming[0];
  return <p>{first ? `${first.currentPlayers} at the first date` : "…"}</p>;
}
