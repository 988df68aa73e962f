import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { INVITED_MS, PlayerCard } from "./player-card.tsx";
import { testPlayer } from "./test-players.ts";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("PlayerCard", () => {
  it("shows nickname, position, real distance, level badge, match and availability", () => {
    render(<PlayerCard player={testPlayer()} />);
    expect(screen.getByRole("heading", { name: "Splash" })).toBeInTheDocument();
    expect(screen.getByText("Shooting Guard · 1.4 miles away")).toBeInTheDocument();
    expect(screen.getByText("Advanced")).toBeInTheDocument();
    expect(screen.getByText("90% skill match")).toBeInTheDocument();
    expect(screen.getByText("Available now")).toBeInTheDocument();
  });

  it("shows 'Invited!' for 2 seconds after Invite, then returns to idle, with no server call", () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    render(<PlayerCard player={testPlayer()} />);
    fireEvent.click(screen.getByRole("button", { name: "Invite" }));
    expect(screen.getByRole("button", { name: "Invited!" })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(INVITED_MS - 1));
    expect(screen.getByRole("button", { name: "Invited!" })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole("button", { name: "Invite" })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("disables Invite and says 'Not available' for an unavailable player", () => {
    render(<PlayerCard player={testPlayer({ isAvailable: false })} />);
    expect(screen.getByText("Not available")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Invite" })).toBeDisabled();
  });

  it("falls back to '0.2 miles away' only without a distance, and hides an unknown match", () => {
    render(<PlayerCard player={testPlayer({ distanceMiles: null as never, skillMatch: null })} />);
    expect(screen.getByText("Shooting Guard · 0.2 miles away")).toBeInTheDocument();
    expect(screen.queryByText(/skill match/)).not.toBeInTheDocument();
  });
});
