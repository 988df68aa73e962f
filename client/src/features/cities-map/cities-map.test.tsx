import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import CitiesMap from "./cities-map.tsx";
import { type City, US_CITIES } from "./us-cities.ts";

const markers = () => document.querySelectorAll<HTMLElement>(".leaflet-marker-icon");
const popup = () => document.querySelector<HTMLElement>(".leaflet-popup");

/** The map comes at once; its tiles and markers in the tasks after (the popups with them). */
async function renderMap(cities: readonly City[]) {
  const view = render(<CitiesMap cities={cities} />);
  await waitFor(() => expect(markers()).toHaveLength(cities.length));
  return view;
}

describe("CitiesMap", () => {
  it("shows the 16 cities as keyboard-reachable markers named 'City, ST'", async () => {
    await renderMap(US_CITIES);
    expect(US_CITIES).toHaveLength(16);
    expect(markers()).toHaveLength(16);
    const losAngeles = screen.getByRole("button", { name: "Los Angeles, CA" });
    expect(losAngeles).toHaveAttribute("tabindex", "0");
    expect(losAngeles).toHaveTextContent("🌴");
    expect(losAngeles.querySelector(".city-marker__live")).not.toBeNull();
    for (const city of US_CITIES) {
      expect(screen.getByRole("button", { name: `${city.name}, ${city.state}` })).toBeVisible();
    }
  });

  it("is a full-width bordered box with zoom buttons and the tiles' attribution", () => {
    // All of it there before the tiles and markers come: nothing shifts when they do.
    render(<CitiesMap cities={US_CITIES} />);
    expect(markers()).toHaveLength(0);
    expect(screen.getByRole("button", { name: "Zoom in" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Zoom out" })).toBeInTheDocument();
    const map = screen.getByRole("region", { name: "Map of Ball with the Bros cities" });
    expect(map).toHaveClass("leaflet-container");
    expect(map.parentElement).toHaveClass("h-96", "w-full", "rounded-xl", "border");
    expect(screen.getByRole("link", { name: "OpenStreetMap" })).toHaveAttribute(
      "href",
      "https://www.openstreetmap.org/copyright",
    );
  });

  it("opens a popup with the city's name, subtitle, stats and badge on click", async () => {
    await renderMap(US_CITIES);
    act(() => {
      fireEvent.click(screen.getByRole("button", { name: "New York, NY" }));
    });
    const shown = popup();
    expect(shown).not.toBeNull();
    const view = within(shown as HTMLElement);
    expect(await view.findByRole("heading", { name: "New York" })).toBeInTheDocument();
    expect(view.getByText("Ball with the Bros Location")).toBeInTheDocument();
    expect(view.getByText("Active Bros").nextElementSibling).toHaveTextContent("1,580");
    expect(view.getByText("Courts").nextElementSibling).toHaveTextContent("112");
    expect(view.getByText("LIVE - Coming Soon")).toBeInTheDocument();
    expect(shown?.querySelector("svg")).not.toBeNull(); // the basketball icon
  });

  it("opens a popup from the keyboard with Enter or Space", async () => {
    await renderMap(US_CITIES);
    const boston = screen.getByRole("button", { name: "Boston, MA" });
    act(() => {
      fireEvent.keyPress(boston, { key: "Enter", code: "Enter", keyCode: 13, charCode: 13 });
    });
    expect(
      await within(popup() as HTMLElement).findByRole("heading", { name: "Boston" }),
    ).toBeVisible();
    act(() => {
      fireEvent.keyDown(screen.getByRole("button", { name: "Miami, FL" }), { key: " " });
    });
    expect(within(popup() as HTMLElement).getByRole("heading", { name: "Miami" })).toBeVisible();
  });

  it("rebuilds for a new list and removes the map when it goes away", async () => {
    const two: City[] = [
      { name: "Austin", state: "TX", emoji: "<b>", lat: 30.27, lng: -97.74, players: 5, courts: 2 },
      { name: "Tulsa", state: "OK", emoji: "🏀", lat: 36.15, lng: -95.99, players: 3, courts: 1 },
    ];
    const { rerender, unmount, container } = await renderMap(US_CITIES);
    rerender(<CitiesMap cities={two} />);
    await waitFor(() => expect(markers()).toHaveLength(2));
    // An emoji is text, never markup.
    expect(screen.getByRole("button", { name: "Austin, TX" })).toHaveTextContent("<b>");
    unmount();
    expect(container.querySelector(".leaflet-container")).toBeNull();
  });
});
