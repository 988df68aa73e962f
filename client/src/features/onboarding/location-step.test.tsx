import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dismissToast } from "@/components/ui/use-toast.ts";
import { fakeGeolocation } from "@/test-support/fake-geolocation.ts";
import {
  AUSTIN,
  AUSTIN_MN,
  type FakeRoute,
  renderOnboarding,
  searchRoute,
} from "@/test-support/render-onboarding.tsx";
import { testUser } from "@/test-support/test-user.ts";
import { LocationStep } from "./location-step.tsx";

afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

const notifications = () => screen.getByRole("region", { name: /notifications/i });
const continueButton = () => screen.getByRole("button", { name: "Continue" });

function renderStep(routes: Record<string, FakeRoute> = {}) {
  const onDone = vi.fn();
  const view = renderOnboarding(<LocationStep onDone={onDone} />, {
    user: testUser({ hasCompletedOnboarding: false }),
    routes: {
      "GET /api/onboarding/locations": searchRoute(),
      "GET /api/onboarding/progress": () =>
        Response.json({
          steps: { location: false, profile: false, preferences: false },
          currentStep: 0,
          hasCompletedOnboarding: false,
        }),
      "POST /api/user/location": ({ body }) => Response.json(body),
      ...routes,
    },
  });
  return { ...view, onDone };
}

describe("LocationStep: search and save", () => {
  it("keeps Continue disabled until a city is chosen", async () => {
    const view = renderStep();
    expect(screen.getByRole("heading", { level: 2, name: "Set Your Location" })).toBeVisible();
    expect(continueButton()).toBeDisabled();
    await view.user.type(screen.getByLabelText("Search for your city"), "Aus");
    await view.user.click(await screen.findByRole("button", { name: /Austin, MN/ }));
    expect(continueButton()).toBeEnabled();
    expect(screen.getByText("Austin, MN", { selector: "strong" })).toBeVisible();
    expect(view.callsTo("POST", "/api/user/location")).toHaveLength(0);
  });

  it("saves the choice on Continue, says where, refreshes the user, then advances", async () => {
    let answer: (r: Response) => void = () => {};
    const view = renderStep({
      "POST /api/user/location": () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await view.user.type(screen.getByLabelText("Search for your city"), "Aus");
    await view.user.click(await screen.findByRole("button", { name: /Austin, TX/ }));
    await view.user.click(continueButton());

    expect(screen.getByRole("button", { name: "Saving..." })).toBeDisabled();
    expect(view.callsTo("POST", "/api/user/location")[0]?.body).toEqual({
      city: "Austin",
      state: "TX",
      country: "US",
      latitude: AUSTIN.latitude,
      longitude: AUSTIN.longitude,
    });
    const authChecksBefore = view.callsTo("GET", "/api/auth/user").length;
    await act(async () => answer(Response.json({ ...AUSTIN, id: undefined })));

    await waitFor(() => expect(view.onDone).toHaveBeenCalledTimes(1));
    expect(notifications()).toHaveTextContent("Location saved!");
    expect(notifications()).toHaveTextContent("Set to Austin, TX");
    expect(view.callsTo("GET", "/api/auth/user").length).toBe(authChecksBefore + 1);
  });

  it("shows the failure toast and stays when saving fails", async () => {
    const view = renderStep({
      "POST /api/user/location": () => Response.json({ message: "boom" }, { status: 500 }),
    });
    await view.user.type(screen.getByLabelText("Search for your city"), "Aus");
    await view.user.click(await screen.findByRole("button", { name: /Austin, TX/ }));
    await view.user.click(continueButton());

    await waitFor(() => expect(notifications()).toHaveTextContent("Error"));
    expect(notifications()).toHaveTextContent("Failed to save location. Please try again.");
    expect(view.onDone).not.toHaveBeenCalled();
    expect(continueButton()).toBeEnabled();
  });

  it("advances without saving on Skip for now", async () => {
    const view = renderStep();
    await view.user.click(screen.getByRole("button", { name: "Skip for now" }));
    expect(view.onDone).toHaveBeenCalledTimes(1);
    expect(view.callsTo("POST", "/api/user/location")).toHaveLength(0);
  });
});

describe("LocationStep: Use Current Location", () => {
  const currentLocationButton = () => screen.getByRole("button", { name: "Use Current Location" });

  it("chooses the nearest known city and says 'Location detected'", async () => {
    const geo = fakeGeolocation({ position: { latitude: 43.67, longitude: -92.97 } });
    const view = renderStep({ "GET /api/onboarding/nearest-city": () => Response.json(AUSTIN_MN) });
    await view.user.click(currentLocationButton());

    await waitFor(() => expect(notifications()).toHaveTextContent("Location detected"));
    expect(notifications()).toHaveTextContent("We've detected your current location.");
    expect(view.callsTo("GET", "/api/onboarding/nearest-city")[0]?.search).toBe(
      "?lat=43.67000&lng=-92.97000",
    );
    expect(screen.getByText("Austin, MN", { selector: "strong" })).toBeVisible();
    expect(continueButton()).toBeEnabled();
    expect(geo.asked[0]).toMatchObject({ enableHighAccuracy: false });
    // Detected, not yet saved: Continue saves it (product §4).
    expect(view.callsTo("POST", "/api/user/location")).toHaveLength(0);
  });

  it("says 'Location not supported' when the browser has no geolocation", async () => {
    fakeGeolocation("unsupported");
    const view = renderStep();
    await view.user.click(currentLocationButton());
    expect(notifications()).toHaveTextContent("Location not supported");
    expect(notifications()).toHaveTextContent("Your browser doesn't support location detection.");
  });

  it("says 'Location access denied' when the player refuses", async () => {
    fakeGeolocation({ errorCode: 1 });
    const view = renderStep();
    await view.user.click(currentLocationButton());
    await waitFor(() => expect(notifications()).toHaveTextContent("Location access denied"));
    expect(notifications()).toHaveTextContent("Please search for your city manually.");
    expect(currentLocationButton()).toBeEnabled();
    expect(continueButton()).toBeDisabled();
  });

  it.each([
    ["the position is unavailable", { errorCode: 2 as const }, undefined],
    ["it times out", { errorCode: 3 as const }, undefined],
    [
      "no known city is near",
      { position: { latitude: 48.85, longitude: 2.35 } },
      () => Response.json({ message: "No known city near this location." }, { status: 404 }),
    ],
  ])("says 'Error' / 'Failed to detect location…' when %s", async (_, outcome, nearest) => {
    fakeGeolocation(outcome);
    const view = renderStep(nearest ? { "GET /api/onboarding/nearest-city": nearest } : {});
    await view.user.click(currentLocationButton());
    await waitFor(() =>
      expect(notifications()).toHaveTextContent(
        "Failed to detect location. Please search manually.",
      ),
    );
    expect(notifications()).toHaveTextContent("Error");
    expect(continueButton()).toBeDisabled();
  });
});
