import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Toaster } from "./toaster.tsx";
import { dismissToast, toast } from "./use-toast.ts";

// The toast store lives for the whole page (here: the whole file), so each test starts empty.
afterEach(() => act(() => dismissToast()));

describe("Toaster", () => {
  it("shows a toast raised before its code has arrived once it arrives", async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Early toast" });
    });
    const region = await screen.findByRole("region", { name: /notifications/i });
    await waitFor(() => expect(region).toHaveTextContent("Early toast"));
  });

  it("shows only the latest toast when two are raised (at most one at a time)", async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Joined game!", description: "See you on the court!" });
      toast({ variant: "destructive", title: "Check-in Failed", description: "Please try again." });
    });

    const region = await screen.findByRole("region", { name: /notifications/i });
    await waitFor(() => expect(region).toHaveTextContent("Check-in Failed"));
    expect(region).not.toHaveTextContent("Joined game!");
    expect(region.querySelectorAll("li")).toHaveLength(1);
  });

  it("keeps toasts at the bottom on a phone too, off the header's bell and menu (issue 31)", async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Welcome to the Bros! 🏀" });
    });
    const region = await screen.findByRole("region", { name: /notifications/i });
    await waitFor(() => expect(region).toHaveTextContent("Welcome to the Bros!"));
    const viewport = region.querySelector("ol");
    const classes = (viewport?.getAttribute("class") ?? "").split(/\s+/);
    expect(classes).toContain("bottom-0");
    expect(classes.filter((c) => /(^|:)top-/.test(c))).toEqual([]);
  });

  it("closes a toast with its labelled close button", async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Settings updated" });
    });
    const region = await screen.findByRole("region", { name: /notifications/i });
    await waitFor(() => expect(region).toHaveTextContent("Settings updated"));
    // fireEvent, not userEvent: Radix's swipe handling calls pointer-capture APIs jsdom lacks.
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(region).not.toHaveTextContent("Settings updated"));
  });
});
