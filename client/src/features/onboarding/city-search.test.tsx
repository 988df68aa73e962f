import type { LocationSuggestion } from "@common/onboarding.ts";
import { act, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dismissToast } from "@/components/ui/use-toast.ts";
import { AUSTIN, renderOnboarding, searchRoute } from "@/test-support/render-onboarding.tsx";
import { CitySearch } from "./city-search.tsx";

afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

function Harness() {
  const [chosen, setChosen] = useState<LocationSuggestion | null>(null);
  return (
    <>
      <CitySearch label="Search for your city" selected={chosen} onSelect={setChosen} />
      <p data-testid="chosen">{chosen ? `${chosen.city}, ${chosen.state}` : "none"}</p>
    </>
  );
}

const input = () => screen.getByLabelText("Search for your city");

describe("CitySearch", () => {
  it("searches once the typing pauses and lists 'City, State' with the population hint", async () => {
    const view = renderOnboarding(<Harness />, {
      routes: { "GET /api/onboarding/locations": searchRoute() },
    });
    await view.user.type(input(), "Aus");
    expect(screen.getByRole("status")).toHaveTextContent("Searching...");

    const list = await screen.findByRole("list", { name: "Matching cities" });
    const items = within(list).getAllByRole("button");
    expect(items.map((b) => b.textContent)).toEqual([
      "Austin, TX961K people",
      "Austin, MN24K people",
      "Austinburg, OH512 people",
    ]);
    expect(list).toHaveClass("max-h-64", "overflow-y-auto");
    // One request for the word, not one per key.
    const searches = view.callsTo("GET", "/api/onboarding/locations");
    expect(searches.map((c) => c.search)).toEqual(["?q=Aus"]);
    expect(screen.getByRole("status")).toHaveTextContent("3 cities found");
  });

  it("says 'No cities found' when nothing matches", async () => {
    const view = renderOnboarding(<Harness />, {
      routes: { "GET /api/onboarding/locations": searchRoute() },
    });
    await view.user.type(input(), "Zzz");
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("No cities found"));
    expect(screen.queryByRole("list", { name: "Matching cities" })).not.toBeInTheDocument();
  });

  it("never searches for blank text", async () => {
    const view = renderOnboarding(<Harness />, {
      routes: { "GET /api/onboarding/locations": searchRoute() },
    });
    await view.user.type(input(), "   ");
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(view.callsTo("GET", "/api/onboarding/locations")).toHaveLength(0);
    expect(screen.getByRole("status")).toHaveTextContent("");
  });

  it("sends 'City, ST' as typed, encoded", async () => {
    const view = renderOnboarding(<Harness />, {
      routes: { "GET /api/onboarding/locations": () => Response.json([AUSTIN]) },
    });
    await view.user.type(input(), "Austin, TX");
    await screen.findByRole("button", { name: /Austin, TX/ });
    expect(view.callsTo("GET", "/api/onboarding/locations").at(-1)?.search).toBe(
      "?q=Austin%2C%20TX",
    );
  });

  it("marks the chosen city as pressed and hands it to the caller", async () => {
    const view = renderOnboarding(<Harness />, {
      routes: { "GET /api/onboarding/locations": searchRoute() },
    });
    await view.user.type(input(), "Aus");
    const mn = await screen.findByRole("button", { name: /Austin, MN/ });
    expect(mn).toHaveAttribute("aria-pressed", "false");
    await view.user.click(mn);
    expect(mn).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByTestId("chosen")).toHaveTextContent("Austin, MN");
  });

  it("says so when the search fails", async () => {
    const view = renderOnboarding(<Harness />, {
      routes: { "GET /api/onboarding/locations": () => new Response("boom", { status: 500 }) },
    });
    await view.user.type(input(), "Aus");
    await waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent("The search failed. Please try again."),
    );
  });
});
