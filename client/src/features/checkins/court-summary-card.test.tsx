import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { courtHeat, HEAT_LABELS } from "@/lib/court-labels.ts";
import { testCourt } from "@/test-support/test-checkin-courts.ts";
import { CourtSummaryCard } from "./court-summary-card.tsx";

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

describe("the active-player pill", () => {
  it.each([
    [0, "No bros active", "empty"],
    [1, "1 bro active", "empty"],
    [2, "2 bros active", "active"],
    [3, "3 bros active", "active"],
    [4, "4 bros active", "hot"],
  ] as const)("%i: '%s', coloured as the map's marker says (%s)", (count, text, heat) => {
    render(
      <CourtSummaryCard
        court={testCourt({ activePlayers: count })}
        miles={null}
        onJoin={() => {}}
      />,
    );
    const pill = screen.getByText(text);
    expect(pill).toHaveAttribute("data-heat", heat);
    expect(pill).toHaveAttribute("data-heat", courtHeat(count));
    expect(pill).toHaveTextContent(HEAT_LABELS[heat]);
    if (heat === "hot") expect(pill).toHaveClass("text-orange-800");
    if (heat === "active") expect(pill).toHaveClass("text-green-800");
    if (heat === "empty") expect(pill).not.toHaveClass("text-green-800");
  });
});
