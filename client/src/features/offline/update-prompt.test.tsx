import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type AppWorkbox, startServiceWorker } from "@/lib/service-worker.ts";
import { UpdatePrompt } from "./update-prompt.tsx";

/** workbox-window's Workbox as far as the app uses it: events, register, messageSkipWaiting. */
class FakeWorkbox extends EventTarget {
  register = vi.fn(async () => undefined);
  messageSkipWaiting = vi.fn();
  emit(type: string) {
    act(() => void this.dispatchEvent(new Event(type)));
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
});

function start() {
  const workbox = new FakeWorkbox();
  startServiceWorker(workbox as unknown as AppWorkbox);
  return workbox;
}

describe("UpdatePrompt", () => {
  it("registers the service worker and says nothing while no new version waits", () => {
    const workbox = start();
    render(<UpdatePrompt />);
    expect(workbox.register).toHaveBeenCalledOnce();
    expect(screen.queryByText("A new version is available")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Reload" })).not.toBeInTheDocument();
  });

  it("offers Reload when a new version waits; reloads only once that version controls", async () => {
    const reload = vi.fn();
    vi.stubGlobal("location", { reload });
    const workbox = start();
    render(<UpdatePrompt />);

    workbox.emit("waiting");
    expect(screen.getByRole("status")).toHaveTextContent("A new version is available");
    expect(screen.getByRole("status")).toHaveAttribute("aria-live", "polite");

    await userEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(workbox.messageSkipWaiting).toHaveBeenCalledOnce();
    expect(reload).not.toHaveBeenCalled();

    workbox.emit("controlling");
    expect(reload).toHaveBeenCalledOnce();
  });
});
