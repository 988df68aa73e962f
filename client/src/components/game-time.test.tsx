import { formatGameTime } from "@common/game-time.ts";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { GameTime } from "./game-time.tsx";

describe("GameTime", () => {
  it("reads as formatGameTime, in a <time> whose clock and zone do not wrap apart", () => {
    const at = "2026-11-28T02:30:00.000Z";
    render(<GameTime at={at} timeZone="America/Los_Angeles" style="full" />);
    const time = screen.getByText("Friday, November 27, 2026 at", { exact: false });
    expect(time.tagName).toBe("TIME");
    expect(time).toHaveAttribute("datetime", at);
    expect(time.textContent).toBe(formatGameTime(at, "America/Los_Angeles", "full"));
    const clock = screen.getByText("6:30 PM PT");
    expect(clock).toHaveClass("whitespace-nowrap");
    expect(time).toContainElement(clock);
  });
});
