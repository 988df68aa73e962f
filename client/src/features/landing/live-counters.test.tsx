import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type MetricsAnswer, renderLanding } from "@/test-support/render-landing.tsx";
import { LiveCounters } from "./live-counters.tsx";
import { metricsQuery } from "./metrics-query.ts";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The number shown under a counter's label. */
const counter = (label: string) => screen.getByText(label, { selector: "dt" }).nextElementSibling;

async function countersFor(answer: MetricsAnswer) {
  const { fetchMock } = renderLanding(<LiveCounters />, answer);
  await waitFor(() => expect(screen.queryByText("Loading")).not.toBeInTheDocument());
  return fetchMock;
}

describe("LiveCounters", () => {
  it("shows Active Bros, Live Courts and Games Played from GET /api/metrics", async () => {
    const fetchMock = await countersFor({
      body: { activeUsers: 1523, totalCourts: 0, gamesPlayed: 7 },
    });
    expect(counter("Active Bros")).toHaveTextContent("1,523");
    expect(counter("Live Courts")).toHaveTextContent(/^0$/); // a real 0 is not "missing"
    expect(counter("Games Played")).toHaveTextContent(/^7$/);
    expect(fetchMock).toHaveBeenCalledWith("/api/metrics", { credentials: "include" });
  });

  it("falls back to 127, 43 or 89 for each value the answer lacks", async () => {
    await countersFor({ body: { totalCourts: 12, gamesPlayed: null } });
    expect(counter("Active Bros")).toHaveTextContent(/^127$/);
    expect(counter("Live Courts")).toHaveTextContent(/^12$/);
    expect(counter("Games Played")).toHaveTextContent(/^89$/);
  });

  it("falls back to all three when the call fails", async () => {
    await countersFor({ status: 500 });
    expect(counter("Active Bros")).toHaveTextContent(/^127$/);
    expect(counter("Live Courts")).toHaveTextContent(/^43$/);
    expect(counter("Games Played")).toHaveTextContent(/^89$/);
  });

  it("shows placeholders, not fallbacks, until the first answer", () => {
    renderLanding(<LiveCounters />, "pending");
    expect(counter("Active Bros")).toHaveTextContent("Loading");
    expect(screen.queryByText("127")).not.toBeInTheDocument();
  });

  it("polls every 30 s and counts an answer fresh for 15 s (product §7)", () => {
    expect(metricsQuery.queryKey).toEqual(["/api/metrics"]);
    expect(metricsQuery.refetchInterval).toBe(30_000);
    expect(metricsQuery.staleTime).toBe(15_000);
  });

  it("asks the server again every 30 s", async () => {
    vi.useFakeTimers();
    const { fetchMock } = renderLanding(<LiveCounters />, { body: { activeUsers: 1 } });
    const metricsCalls = () => fetchMock.mock.calls.filter(([url]) => url === "/api/metrics");
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(metricsCalls()).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(metricsCalls()).toHaveLength(2);
  });
});
