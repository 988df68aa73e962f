import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeGeolocation } from "@/test-support/fake-geolocation.ts";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { testCourt } from "@/test-support/test-checkin-courts.ts";
import { testUser } from "@/test-support/test-user.ts";
import { CheckInDialog } from "./check-in-dialog.tsx";

afterEach(() => vi.unstubAllGlobals());

function renderDialog(answer: () => Promise<Response>, court = testCourt()) {
  const onOpenChange = vi.fn();
  const view = renderWithApi(<CheckInDialog court={court} open onOpenChange={onOpenChange} />, {
    user: testUser(),
    routes: { "POST /api/checkin": answer },
  });
  return { ...view, onOpenChange };
}

describe("CheckInDialog", () => {
  it("shows 'Checking In...' with both buttons disabled, then the success toast and closes", async () => {
    let finish: (r: Response) => void = () => {};
    const { onOpenChange, fetchMock } = renderDialog(
      () => new Promise<Response>((resolve) => (finish = resolve)),
    );
    await userEvent.click(screen.getByRole("button", { name: "Check In" }));
    expect(await screen.findByRole("button", { name: "Checking In..." })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Cancel" })).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/checkin",
      expect.objectContaining({ method: "POST", body: JSON.stringify({ courtId: 1 }) }),
    );

    finish(Response.json({ id: 1, courtId: 1 }));
    expect(await screen.findByText("Checked In! 🏀")).toBeInTheDocument();
    expect(screen.getByText("You're ready to start hooping!")).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("shows the destructive toast and stays open when the check-in fails", async () => {
    const { onOpenChange } = renderDialog(async () =>
      Response.json({ message: "Court not found." }, { status: 404 }),
    );
    await userEvent.click(screen.getByRole("button", { name: "Check In" }));
    expect(await screen.findByText("Check-in Failed")).toBeInTheDocument();
    expect(
      screen.getByText("There was an error checking you in. Please try again."),
    ).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole("button", { name: "Check In" })).toBeEnabled());
  });

  it("says 'No court selected' and cannot check in without a court", () => {
    renderWithApi(<CheckInDialog court={null} open onOpenChange={() => {}} />, {
      user: testUser(),
    });
    expect(screen.getByRole("alert")).toHaveTextContent("No court selected");
    expect(screen.getByRole("button", { name: "Check In" })).toBeDisabled();
  });

  describe("the browser's position", () => {
    const permission = (state: PermissionState) =>
      Object.defineProperty(navigator, "permissions", {
        value: { query: async () => ({ state }) },
        configurable: true,
      });
    afterEach(() =>
      Object.defineProperty(navigator, "permissions", { value: undefined, configurable: true }),
    );
    const position = { latitude: 33.985, longitude: -118.472, accuracy: 12 };

    it("goes with the check-in when the player already allows it", async () => {
      permission("granted");
      fakeGeolocation({ position });
      const { fetchMock } = renderDialog(async () => Response.json({ id: 1, courtId: 1 }));
      await userEvent.click(screen.getByRole("button", { name: "Check In" }));
      await waitFor(() =>
        expect(fetchMock).toHaveBeenCalledWith(
          "/api/checkin",
          expect.objectContaining({ body: JSON.stringify({ courtId: 1, position }) }),
        ),
      );
    });

    it("is never asked for: without permission the check-in goes as before", async () => {
      permission("prompt");
      const { asked } = fakeGeolocation({ position });
      const { fetchMock } = renderDialog(async () => Response.json({ id: 1, courtId: 1 }));
      await userEvent.click(screen.getByRole("button", { name: "Check In" }));
      await waitFor(() =>
        expect(fetchMock).toHaveBeenCalledWith(
          "/api/checkin",
          expect.objectContaining({ body: JSON.stringify({ courtId: 1 }) }),
        ),
      );
      expect(asked).toEqual([]);
    });
  });
});
