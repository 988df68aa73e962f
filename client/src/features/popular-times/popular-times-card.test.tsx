import type { PopularTimes } from "@common/popular-times.ts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { PopularTimesCard } from "./popular-times-card.tsx";

afterEach(() => vi.unstubAllGlobals());

function week(): number[][] {
  const days = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  (days[5] as number[])[10] = 11.5; // Saturday 10 AM
  (days[5] as number[])[11] = 9;
  (days[1] as number[])[18] = 4; // Tuesday 6 PM
  return days;
}

const enough: PopularTimes = {
  timeZone: "America/Los_Angeles",
  checkIns: 150,
  days: 24,
  enoughData: true,
  week: week(),
  now: { day: 2, hour: 18, level: "moderate" },
  bestFullRun: { day: 6, hour: 10, players: 11.5 },
  busiest: { day: 6, hour: 10, players: 11.5 },
};

const render = (times: PopularTimes) =>
  renderWithApi(<PopularTimesCard courtId={7} />, {
    user: null,
    routes: { "/api/courts/7/popular-times": Response.json(times) },
  });

describe("popular times", () => {
  it("says how busy it usually is now and the best hour for a full 5-on-5", async () => {
    render(enough);
    expect(await screen.findByText("Usually a few players")).toBeInTheDocument();
    expect(screen.getByText(/around 6 PM P[DS]?T/)).toBeInTheDocument();
    const best = screen.getByText(/Best hour for a full 5-on-5/);
    expect(best).toHaveTextContent(/Saturdays at 10 AM P[DS]?T \(about 12 players\)/);
    expect(screen.getByText(/from 150 check-ins in the last 8 weeks/)).toBeInTheDocument();
  });

  it("draws the court's day now as labelled bars a screen reader can read, one day per tab", async () => {
    const user = userEvent.setup();
    render(enough);
    expect(await screen.findByRole("tab", { name: "Tuesday" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    const tuesday = screen.getByRole("list", { name: "Players usually here on Tuesday, by hour" });
    const hours = within(tuesday).getAllByRole("listitem");
    expect(hours).toHaveLength(24);
    expect(hours[18]).toHaveTextContent("6 PM: about 4 players (now)");
    expect(hours[9]).toHaveTextContent("9 AM: nobody usually");

    await user.click(screen.getByRole("tab", { name: "Saturday" }));
    const saturday = screen.getByRole("list", {
      name: "Players usually here on Saturday, by hour",
    });
    expect(within(saturday).getAllByRole("listitem")[10]).toHaveTextContent(
      "10 AM: about 12 players",
    );
    await user.click(screen.getByRole("tab", { name: "Monday" }));
    expect(screen.getByText("Nobody usually here on Mondays.")).toBeInTheDocument();
  });

  it("names the busiest hour when no hour has a full 5-on-5", async () => {
    render({ ...enough, bestFullRun: null, busiest: { day: 2, hour: 18, players: 4 } });
    expect(await screen.findByText(/No hour usually has 10 players/)).toHaveTextContent(
      /Busiest: Tuesdays at 6 PM P[DS]?T \(about 4 players\)/,
    );
  });

  it("says there is too little history rather than drawing a curve", async () => {
    render({
      ...enough,
      enoughData: false,
      checkIns: 3,
      days: 2,
      week: null,
      now: null,
      bestFullRun: null,
      busiest: null,
    });
    expect(await screen.findByText(/Not enough check-ins yet/)).toHaveTextContent(
      "3 check-ins on 2 days in the last 8 weeks. Popular times show once players have checked in 20 times on 5 different days.",
    );
    expect(screen.queryByRole("tab")).not.toBeInTheDocument();
  });
});
