import { milesBetween } from "@common/position.ts";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { CourtSummaryCard } from "./court-summary-card.tsx";
import { testCourt } from "./test-courts.ts";

describe("CourtSummaryCard", () => {
  it("shows name, real distance, type, active pill and rating; Join hands over the court", async () => {
    const onJoin = vi.fn();
    const court = testCourt();
    render(<CourtSummaryCard court={court} miles={1.234} onJoin={onJoin} />);
    expect(screen.getByRole("heading", { name: "Venice Beach Courts" })).toBeInTheDocument();
    expect(screen.getByRole("article")).toHaveTextContent("1.2 miles away · Outdoor");
    expect(screen.getByText("5 bros active")).toBeInTheDocument();
    expect(screen.getByText("4.8")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Join Venice Beach Courts" }));
    expect(onJoin).toHaveBeenCalledWith(court);
  });

  it("omits the distance when unknown and says 'No bros active' for an empty indoor court", () => {
    render(
      <CourtSummaryCard
        court={testCourt({ activePlayers: 0, isIndoor: true })}
        miles={null}
        onJoin={() => {}}
      />,
    );
    expect(screen.getByText("Indoor")).toBeInTheDocument();
    expect(screen.queryByText(/miles? away/)).not.toBeInTheDocument();
    expect(screen.getByText("No bros active")).toBeInTheDocument();
  });
});

describe("milesBetween", () => {
  it("needs both positions and measures great-circle miles", () => {
    const court = { latitude: 34.0, longitude: -118.0 };
    expect(milesBetween(null, court)).toBeNull();
    expect(milesBetween({ latitude: null, longitude: null }, court)).toBeNull();
    expect(milesBetween({ latitude: 35.0, longitude: -118.0 }, court)).toBeCloseTo(69.1, 0);
  });
});
