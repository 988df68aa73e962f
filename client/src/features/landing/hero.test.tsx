import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { dismissToast } from "@/components/ui/use-toast.ts";
import { renderLanding } from "@/test-support/render-landing.tsx";
import { Hero } from "./hero.tsx";

type Success = (position: { coords: { latitude: number; longitude: number } }) => void;
type Failure = (error: { code: number; message: string }) => void;

/** Gives jsdom (which has none) a geolocation that answers as the test says. */
function stubGeolocation(answer: (success: Success, failure: Failure) => void) {
  const getCurrentPosition = vi.fn(answer);
  Object.defineProperty(navigator, "geolocation", {
    configurable: true,
    value: { getCurrentPosition },
  });
  return getCurrentPosition;
}

afterEach(() => {
  // Gone, not undefined: the hook tells "unsupported" by the property's absence.
  delete (navigator as { geolocation?: unknown }).geolocation;
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

const findCourtsNearMe = () => screen.getByRole("button", { name: "Find Courts Near Me" });
const toastRegion = () => screen.getByRole("region", { name: /notifications/i });

describe("Hero", () => {
  it("shows the tagline and a Join Waitlist link to /waitlist", () => {
    renderLanding(<Hero />);
    expect(
      screen.getByRole("heading", { level: 1, name: "Find Your Court, Find Your Crew" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Join Waitlist" })).toHaveAttribute(
      "href",
      "/waitlist",
    );
  });

  it("opens the courts directory at the visitor's position, rounded to about 100 m", async () => {
    const user = userEvent.setup();
    let succeed: Success = () => {};
    stubGeolocation((success) => {
      succeed = success;
    });
    const { location } = renderLanding(<Hero />);

    await user.click(findCourtsNearMe());
    const pending = screen.getByRole("button", { name: "Finding your location..." });
    expect(pending).toBeDisabled();
    act(() => succeed({ coords: { latitude: 34.052_235, longitude: -118.243_683 } }));

    expect(location.history.at(-1)).toBe("/courts?lat=34.052&lng=-118.244");
    expect(findCourtsNearMe()).toBeEnabled();
    // The toast list arrives after mounting (off the first screen's path): wait for it first.
    const region = await screen.findByRole("region", { name: /notifications/i });
    expect(within(region).queryByRole("status")).not.toBeInTheDocument();
  });

  it("says so kindly and opens all courts when the visitor refuses", async () => {
    const user = userEvent.setup();
    stubGeolocation((_, failure) => failure({ code: 1, message: "User denied Geolocation" }));
    const { location } = renderLanding(<Hero />);

    await user.click(findCourtsNearMe());
    await waitFor(() => expect(toastRegion()).toHaveTextContent("Location access denied"));
    expect(toastRegion()).toHaveTextContent("here are all our courts");
    expect(location.history.at(-1)).toBe("/courts");
  });

  it("says so and opens all courts when the position cannot be found", async () => {
    const user = userEvent.setup();
    stubGeolocation((_, failure) => failure({ code: 3, message: "Timeout expired" }));
    const { location } = renderLanding(<Hero />);

    await user.click(findCourtsNearMe());
    await waitFor(() => expect(toastRegion()).toHaveTextContent("Couldn't find your location"));
    expect(location.history.at(-1)).toBe("/courts");
  });

  it("says so and opens all courts when the browser has no geolocation", async () => {
    const user = userEvent.setup();
    expect("geolocation" in navigator).toBe(false);
    const { location } = renderLanding(<Hero />);

    await user.click(findCourtsNearMe());
    await waitFor(() => expect(toastRegion()).toHaveTextContent("Location not supported"));
    expect(toastRegion()).toHaveTextContent("Your browser doesn't support location detection.");
    expect(location.history.at(-1)).toBe("/courts");
  });

  it("does not navigate when the answer comes after the visitor left", async () => {
    const user = userEvent.setup();
    let succeed: Success = () => {};
    stubGeolocation((success) => {
      succeed = success;
    });
    const { location, unmount } = renderLanding(<Hero />);
    await user.click(findCourtsNearMe());
    unmount();
    succeed({ coords: { latitude: 1, longitude: 2 } });
    expect(location.history).toEqual(["/"]);
  });
});
