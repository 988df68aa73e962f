import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { testCourt } from "@/test-support/test-checkin-courts.ts";
import { LiveCourtsMapCard } from "./live-courts-map-card.tsx";

const COURTS = [
  testCourt({ id: 1, name: "Hot One", activePlayers: 4 }),
  testCourt({ id: 2, name: "Warm One", activePlayers: 2, latitude: 34.1 }),
  testCourt({ id: 3, name: "Cold One", activePlayers: 1, longitude: -118.3 }),
  testCourt({ id: 4, name: "Fourth", activePlayers: 0 }),
];

describe("LiveCourtsMapCard", () => {
  it("marks up to 3 courts by activity (4+ hot, 2-3 active, else empty) with the legend", async () => {
    const onSelect = vi.fn();
    render(<LiveCourtsMapCard courts={COURTS} selectedId={null} onSelect={onSelect} />);
    const markers = screen.getAllByRole("button");
    expect(markers.map((m) => m.dataset.heat)).toEqual(["hot", "active", "empty"]);
    expect(markers[0]).toHaveAccessibleName("Hot One: 4 bros active (Hot)");
    expect(screen.queryByRole("button", { name: /Fourth/ })).not.toBeInTheDocument();
    const legend = within(screen.getByRole("list", { name: "Legend" }));
    expect(legend.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Hot",
      "Active",
      "Empty",
    ]);
    await userEvent.click(markers[1] as HTMLElement);
    expect(onSelect).toHaveBeenCalledWith(COURTS[1]);
  });
});
