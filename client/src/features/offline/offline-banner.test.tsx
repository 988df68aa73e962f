import { useMutation } from "@tanstack/react-query";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Button } from "@/components/ui/button.tsx";
import { toast } from "@/components/ui/use-toast.ts";
import { apiRequest, getQueryFn } from "@/lib/api.ts";
import { OFFLINE_WRITE_MESSAGE } from "@/lib/network-status.ts";
import { renderWithProviders } from "@/test-support/render-with-providers.tsx";
import { stubFetch } from "@/test-support/stub-fetch.ts";
import { OFFLINE_TEXT, OfflineBanner } from "./offline-banner.tsx";

const goOffline = () => act(() => void window.dispatchEvent(new Event("offline")));
const goOnline = () => act(() => void window.dispatchEvent(new Event("online")));

afterEach(() => {
  goOnline();
  vi.unstubAllGlobals();
});

function SaveButton() {
  // Like the screens: their own failure toast, which the offline one must replace.
  const save = useMutation({
    mutationFn: () => apiRequest("POST", "/api/courts/1/rating", {}),
    onError: () => toast({ variant: "destructive", title: "Rating not saved", description: "x" }),
  });
  return (
    <Button onClick={() => save.mutate(undefined, { onError: () => toast({ title: "Failed" }) })}>
      Save
    </Button>
  );
}

describe("OfflineBanner", () => {
  it("says the app is offline while the browser is, politely, and goes when it is back", async () => {
    renderWithProviders(<OfflineBanner />);
    const region = await screen.findByRole("status");
    expect(region).toHaveAttribute("aria-live", "polite");
    expect(region).toHaveTextContent("");

    goOffline();
    expect(screen.getByRole("status")).toHaveTextContent(OFFLINE_TEXT);
    expect(OFFLINE_TEXT).toBe("You're offline — showing what you saw last");

    goOnline();
    expect(screen.getByRole("status")).toHaveTextContent("");
  });

  it("shows when requests fail at the network while the browser thinks it is online", async () => {
    renderWithProviders(<OfflineBanner />);
    await screen.findByRole("status");
    const read = getQueryFn({ on401: "throw" });
    stubFetch(() => Promise.reject(new TypeError("Failed to fetch")));
    await act(async () => {
      await expect(read({ queryKey: ["/api/leaderboard/global"] } as never)).rejects.toThrow(
        "You're offline",
      );
    });
    expect(screen.getByRole("status")).toHaveTextContent(OFFLINE_TEXT);

    // The first answer that arrives again ends it.
    stubFetch(() => Response.json([]));
    await act(async () => {
      await read({ queryKey: ["/api/leaderboard/global"] } as never);
    });
    expect(screen.getByRole("status")).toHaveTextContent("");
  });

  it("a write made offline fails at once with a toast saying nothing was saved", async () => {
    renderWithProviders(
      <>
        <OfflineBanner />
        <SaveButton />
      </>,
    );
    await screen.findByRole("button", { name: "Save" });
    goOffline();
    const fetchMock = stubFetch(() => Promise.reject(new TypeError("Failed to fetch")));

    await userEvent.click(screen.getByRole("button", { name: "Save" }));

    await waitFor(() => expect(screen.getByText("You're offline")).toBeInTheDocument());
    expect(screen.getByText(OFFLINE_WRITE_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText("Rating not saved")).not.toBeInTheDocument();
    // It was tried, not queued to be sent later without the player knowing.
    expect(fetchMock).toHaveBeenCalledWith("/api/courts/1/rating", expect.anything());
  });
});
