import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dismissToast } from "@/components/ui/use-toast.ts";
import { testProfile } from "@/test-support/render-profile-feature.tsx";
import { testUser } from "@/test-support/test-user.ts";
import { AUSTIN_MN, renderOnboarding, searchRoute } from "../../test-support/render-onboarding.tsx";
import { LocationEditor } from "./location-editor.tsx";

afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

describe("LocationEditor (Settings)", () => {
  it("really changes the player's city and shows the new one", async () => {
    const view = renderOnboarding(<LocationEditor />, {
      user: testUser({ city: "Austin", state: "TX" }),
      routes: {
        "GET /api/onboarding/locations": searchRoute(),
        "POST /api/user/location": ({ body }) => {
          view.state.user = { ...view.state.user, ...(body as object) };
          return Response.json(body);
        },
      },
    });
    expect(await screen.findByText("Austin, TX", { selector: "strong" })).toBeVisible();
    const save = screen.getByRole("button", { name: "Save Location" });
    expect(save).toBeDisabled();

    await view.user.type(screen.getByLabelText("Location"), "Aus");
    await view.user.click(await screen.findByRole("button", { name: /Austin, MN/ }));
    await view.user.click(save);

    await waitFor(() =>
      expect(screen.getByRole("region", { name: /notifications/i })).toHaveTextContent(
        "Set to Austin, MN",
      ),
    );
    expect(view.callsTo("POST", "/api/user/location")[0]?.body).toEqual({
      city: "Austin",
      state: "MN",
      country: "US",
      latitude: AUSTIN_MN.latitude,
      longitude: AUSTIN_MN.longitude,
    });
    await waitFor(() =>
      expect(screen.getByText(/Current location/).parentElement).toHaveTextContent(
        "Current location: Austin, MN",
      ),
    );
    expect(screen.getByLabelText("Location")).toHaveValue("");
    expect(screen.getByRole("button", { name: "Save Location" })).toBeDisabled();
  });

  it("says 'Location not set' when the player has no city", async () => {
    renderOnboarding(<LocationEditor />, { user: testUser({ city: null }) });
    expect(await screen.findByText("Location not set")).toBeVisible();
  });

  it("shows the one location the player's profile shows (issue 31), area first", async () => {
    renderOnboarding(<LocationEditor />, {
      user: testUser({
        city: "Los Angeles",
        state: "CA",
        hasProfile: true,
        profile: testProfile({ location: "Santa Monica" }),
      }),
    });
    await waitFor(() =>
      expect(screen.getByText(/Current location/).parentElement).toHaveTextContent(
        "Current location: Santa Monica",
      ),
    );
  });
});
