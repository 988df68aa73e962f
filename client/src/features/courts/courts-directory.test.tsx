import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderDirectory } from "@/test-support/render-directory.tsx";
import { SAMPLE_COURTS, testCourt } from "@/test-support/test-courts.ts";

vi.mock("./map/courts-map.tsx", () => import("./map/fake-courts-map.tsx"));
afterEach(() => vi.unstubAllGlobals());

const cardNames = () =>
  within(screen.getByRole("list", { name: "Courts" }))
    .getAllByRole("heading", { level: 3 })
    .map((h) => h.textContent);
const stat = (label: string) =>
  screen.getByText(label, { selector: "dt" }).nextSibling?.textContent;

describe("the courts directory", () => {
  it("shows 'Select a Court' until a marker is chosen, then its details", async () => {
    const user = userEvent.setup();
    renderDirectory({ courts: SAMPLE_COURTS });
    expect(await screen.findByRole("heading", { name: "Select a Court" })).toBeInTheDocument();

    await user.click(await screen.findByRole("button", { name: "Marker Venice Beach Courts" }));

    const panel = screen.getByRole("region", { name: "Venice Beach Courts" });
    expect(screen.queryByRole("heading", { name: "Select a Court" })).not.toBeInTheDocument();
    expect(panel).toHaveTextContent("4.8");
    expect(panel).toHaveTextContent("6 active players");
    expect(panel).toHaveTextContent("TypeOutdoor");
    expect(panel).toHaveTextContent("PriceFree");
    expect(panel).toHaveTextContent("LightingLights");
    expect(panel).toHaveTextContent("4 Court(s)");
    expect(panel).toHaveTextContent("Famous outdoor runs on the boardwalk.");
    const directions = within(panel).getByRole("link", { name: /Get Directions/ });
    expect(directions).toHaveAttribute(
      "href",
      "https://www.google.com/maps/dir/?api=1&destination=33.9858,-118.4731",
    );
    expect(directions).toHaveAttribute("target", "_blank");
    expect(directions).toHaveAttribute("rel", "noopener noreferrer");
    expect(within(panel).getByRole("button", { name: "Check In" })).toBeEnabled();
    expect(within(panel).getByRole("button", { name: "Join Game" })).toBeInTheDocument();
  });

  it("shows an imported court's surface and opening hours when it has them", async () => {
    const user = userEvent.setup();
    const imported = testCourt({
      id: 9,
      name: "Penmar Park Court",
      surface: "asphalt",
      openingHours: "Mo-Su 06:00-22:00",
      latitude: 33.997,
      longitude: -118.456,
    });
    renderDirectory({ courts: [...SAMPLE_COURTS, imported] });
    await user.click(await screen.findByRole("button", { name: "Marker Penmar Park Court" }));
    const panel = screen.getByRole("region", { name: "Penmar Park Court" });
    expect(panel).toHaveTextContent("SurfaceAsphalt");
    expect(panel).toHaveTextContent("HoursMo-Su 06:00-22:00");
    await user.click(screen.getByRole("button", { name: "Marker Venice Beach Courts" }));
    expect(screen.getByRole("region", { name: "Venice Beach Courts" })).not.toHaveTextContent(
      "Surface",
    );
  });

  it("opens a court's own page from View Details on its card", async () => {
    renderDirectory({ courts: SAMPLE_COURTS });
    const card = await screen.findByRole("article", { name: "Pan Pacific Park" });
    const pan = SAMPLE_COURTS.find((c) => c.name === "Pan Pacific Park");
    expect(within(card).getByRole("link", { name: "View Details" })).toHaveAttribute(
      "href",
      `/courts/${pan?.id}`,
    );
  });

  it("counts courts found in the view, courts available and active players", async () => {
    const user = userEvent.setup();
    const { calls } = renderDirectory({ courts: SAMPLE_COURTS });
    await screen.findByRole("article", { name: "Venice Beach Courts" });
    expect(stat("Courts Found")).toBe("3");
    expect(stat("Courts Available")).toBe("3");
    expect(stat("Active Players")).toBe("8");

    await user.click(screen.getByRole("button", { name: "Indoor" }));
    await waitFor(() => expect(stat("Courts Found")).toBe("1"));
    expect(stat("Courts Available")).toBe("3");
    expect(screen.getByRole("status")).toHaveTextContent("1 courts found");
    // The server filters: the toggle is in the request, for the cards and the map tiles alike.
    expect(calls("GET", /^\/api\/courts\?type=indoor&sort=rating&bbox=/).length).toBeGreaterThan(0);
    expect(calls("GET", /^\/api\/courts\/tiles\/3\/\d+\/\d+\?type=indoor$/).length).toBeGreaterThan(
      0,
    );
  });

  it("searches every court on the server, showing the results on the map and as cards", async () => {
    const user = userEvent.setup();
    const { calls } = renderDirectory({ courts: SAMPLE_COURTS });
    const search = await screen.findByPlaceholderText("Search by name, address, or area...");
    await screen.findByRole("article", { name: "Venice Beach Courts" });

    await user.type(search, "los angeles");
    await waitFor(() => expect(cardNames()).toEqual(["Pan Pacific Park", "Hollywood YMCA"]));
    expect(screen.getByRole("heading", { name: "Search results" })).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: /^Marker / })).toHaveLength(2);
    expect(screen.getByTestId("map-target")).toHaveTextContent(/^search:/);
    // One search per pause in typing, not per key; the box no longer limits it.
    const searches = calls("GET", /[?&]q=/).map(([url]) => String(url));
    expect(searches.every((url) => !url.includes("bbox="))).toBe(true);
    expect(searches.at(-1)).toContain("q=los+angeles");

    await user.type(search, " nowhere");
    expect(await screen.findByText("No courts found")).toBeInTheDocument();
    expect(screen.queryAllByRole("button", { name: /^Marker / })).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Clear All Filters" }));
    await waitFor(() => expect(cardNames()).toHaveLength(3));
    expect(search).toHaveValue("");
    expect(screen.getByRole("heading", { name: "Courts in this map view" })).toBeInTheDocument();
  });

  it("presses and releases the toggles, Outdoor and Indoor as one choice", async () => {
    const user = userEvent.setup();
    renderDirectory({ courts: SAMPLE_COURTS });
    await screen.findByRole("article", { name: "Venice Beach Courts" });
    const outdoor = screen.getByRole("button", { name: "Outdoor" });
    const indoor = screen.getByRole("button", { name: "Indoor" });
    const lit = screen.getByRole("button", { name: "Lit Courts" });
    const free = screen.getByRole("button", { name: "Free to Play" });
    for (const toggle of [outdoor, indoor, lit, free]) {
      expect(toggle).toHaveAttribute("aria-pressed", "false");
    }

    await user.click(outdoor);
    expect(outdoor).toHaveAttribute("aria-pressed", "true");
    await user.click(indoor);
    expect(outdoor).toHaveAttribute("aria-pressed", "false");
    expect(indoor).toHaveAttribute("aria-pressed", "true");
    await waitFor(() => expect(cardNames()).toEqual(["Hollywood YMCA"]));
    await user.click(indoor);
    expect(indoor).toHaveAttribute("aria-pressed", "false");
    await waitFor(() => expect(cardNames()).toHaveLength(3));

    await user.click(lit);
    await user.click(free);
    await waitFor(() => expect(cardNames()).toEqual(["Venice Beach Courts"]));
    await user.click(free);
    expect(free).toHaveAttribute("aria-pressed", "false");
    await waitFor(() => expect(cardNames()).toEqual(["Venice Beach Courts", "Hollywood YMCA"]));
  });

  it("sorts by Highest Rated by default, then by name or activity, on the server", async () => {
    const user = userEvent.setup();
    const { calls } = renderDirectory({ courts: SAMPLE_COURTS });
    await screen.findByRole("article", { name: "Venice Beach Courts" });
    const sort = screen.getByRole("combobox", { name: "Sort by" });
    expect(sort).toHaveDisplayValue("Highest Rated");
    expect(cardNames()).toEqual(["Venice Beach Courts", "Pan Pacific Park", "Hollywood YMCA"]);

    await user.selectOptions(sort, "Name A-Z");
    await waitFor(() =>
      expect(cardNames()).toEqual(["Hollywood YMCA", "Pan Pacific Park", "Venice Beach Courts"]),
    );
    expect(calls("GET", /sort=name/).length).toBeGreaterThan(0);
    await user.selectOptions(sort, "Most Active");
    await waitFor(() =>
      expect(cardNames()).toEqual(["Venice Beach Courts", "Pan Pacific Park", "Hollywood YMCA"]),
    );
  });

  it("never asks for every court: pages of the map's view, and the view's tiles", async () => {
    const { calls } = renderDirectory({ courts: SAMPLE_COURTS });
    await screen.findByRole("article", { name: "Venice Beach Courts" });
    const pages = calls("GET", /^\/api\/courts\?/).map(([url]) => decodeURIComponent(String(url)));
    expect(pages.length).toBeGreaterThan(0);
    for (const url of pages) {
      expect(url).toMatch(/bbox=-125\.00000,24\.00000,-66\.00000,50\.00000/);
      expect(url).toMatch(/&limit=24$/);
    }
    expect(calls("GET", "/api/courts")).toHaveLength(0);
    // 512-pixel court tiles, one zoom below the map's 4.
    expect(calls("GET", /^\/api\/courts\/tiles\/3\//).length).toBeGreaterThan(1);
    expect(screen.getAllByRole("button", { name: /^Marker / })).toHaveLength(3);
  });

  it("shows 24 cards at first and the next page on 'Show more'", async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 30 }, (_, i) => testCourt({ id: i + 1 }));
    const { calls } = renderDirectory({ courts: many });
    await screen.findAllByRole("article");
    expect(screen.getAllByRole("article")).toHaveLength(24);
    expect(screen.getByText("Showing 24 of 30 courts")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Show more" }));
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(30));
    expect(calls("GET", /offset=24&limit=24$/)).toHaveLength(1);
    expect(screen.queryByRole("button", { name: "Show more" })).not.toBeInTheDocument();
  });

  it("shows the tiles it has when one tile of the view cannot be loaded", async () => {
    // The view's court tiles at zoom 3 include 3/2/3 (the Southeast, no court here).
    const { calls } = renderDirectory({ courts: SAMPLE_COURTS, failTiles: ["3/2/3"] });
    await waitFor(() => expect(calls("GET", /^\/api\/courts\/tiles\/3\/2\/3/)).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getAllByRole("button", { name: /^Marker / })).toHaveLength(3),
    );
  });

  it("says so when the list cannot be loaded", async () => {
    renderDirectory({ courts: "fail" });
    expect(await screen.findByRole("alert")).toHaveTextContent("Could not load the courts.");
    expect(screen.getByRole("button", { name: "Try Again" })).toBeInTheDocument();
  });
});
