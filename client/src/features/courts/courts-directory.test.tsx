import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderDirectory } from "./render-directory.tsx";
import { SAMPLE_COURTS, testCourt } from "./test-courts.ts";

vi.mock("./courts-map.tsx", () => import("./fake-courts-map.tsx"));
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

  it("opens a court's own page from View Details on its card", async () => {
    renderDirectory({ courts: SAMPLE_COURTS });
    const card = await screen.findByRole("article", { name: "Pan Pacific Park" });
    const pan = SAMPLE_COURTS.find((c) => c.name === "Pan Pacific Park");
    expect(within(card).getByRole("link", { name: "View Details" })).toHaveAttribute(
      "href",
      `/courts/${pan?.id}`,
    );
  });

  it("counts courts found, courts available and active players", async () => {
    const user = userEvent.setup();
    renderDirectory({ courts: SAMPLE_COURTS });
    await screen.findByRole("article", { name: "Venice Beach Courts" });
    expect(stat("Courts Found")).toBe("3");
    expect(stat("Courts Available")).toBe("3");
    expect(stat("Active Players")).toBe("8");

    await user.click(screen.getByRole("button", { name: "Indoor" }));
    await waitFor(() => expect(stat("Courts Found")).toBe("1"));
    expect(stat("Courts Available")).toBe("3");
    expect(screen.getByRole("status")).toHaveTextContent("1 courts found");
  });

  it("filters the cards and the map, and shows 'No courts found' when nothing matches", async () => {
    const user = userEvent.setup();
    renderDirectory({ courts: SAMPLE_COURTS });
    const search = await screen.findByPlaceholderText("Search by name, address, or area...");
    await screen.findByRole("article", { name: "Venice Beach Courts" });

    await user.type(search, "los angeles");
    await waitFor(() => expect(cardNames()).toEqual(["Pan Pacific Park", "Hollywood YMCA"]));
    expect(screen.getAllByRole("button", { name: /^Marker / })).toHaveLength(2);

    await user.type(search, " nowhere");
    expect(await screen.findByText("No courts found")).toBeInTheDocument();
    expect(screen.queryAllByRole("button", { name: /^Marker / })).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Clear All Filters" }));
    await waitFor(() => expect(cardNames()).toHaveLength(3));
    expect(search).toHaveValue("");
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

  it("sorts by Highest Rated by default, then by name or activity", async () => {
    const user = userEvent.setup();
    renderDirectory({ courts: SAMPLE_COURTS });
    await screen.findByRole("article", { name: "Venice Beach Courts" });
    const sort = screen.getByRole("combobox", { name: "Sort by" });
    expect(sort).toHaveDisplayValue("Highest Rated");
    expect(cardNames()).toEqual(["Venice Beach Courts", "Pan Pacific Park", "Hollywood YMCA"]);

    await user.selectOptions(sort, "Name A-Z");
    await waitFor(() =>
      expect(cardNames()).toEqual(["Hollywood YMCA", "Pan Pacific Park", "Venice Beach Courts"]),
    );
    await user.selectOptions(sort, "Most Active");
    await waitFor(() =>
      expect(cardNames()).toEqual(["Venice Beach Courts", "Pan Pacific Park", "Hollywood YMCA"]),
    );
  });

  it("downloads the list once, however the filters change", async () => {
    const user = userEvent.setup();
    const { calls } = renderDirectory({ courts: SAMPLE_COURTS });
    await screen.findByRole("article", { name: "Venice Beach Courts" });
    await user.type(screen.getByRole("searchbox", { name: "Search courts" }), "park");
    await user.click(screen.getByRole("button", { name: "Lit Courts" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Sort by" }), "Name A-Z");
    await user.click(screen.getByRole("button", { name: "Clear All Filters" }));
    expect(calls("GET", "/api/courts")).toHaveLength(1);
  });

  it("shows 24 cards at first and more on 'Show more'", async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 30 }, (_, i) => testCourt({ id: i + 1 }));
    renderDirectory({ courts: many });
    await screen.findAllByRole("article");
    expect(screen.getAllByRole("article")).toHaveLength(24);
    expect(screen.getByText("Showing 24 of 30 courts")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Show more" }));
    expect(screen.getAllByRole("article")).toHaveLength(30);
    expect(screen.queryByRole("button", { name: "Show more" })).not.toBeInTheDocument();
  });

  it("says so when the list cannot be loaded", async () => {
    renderDirectory({ courts: "fail" });
    expect(await screen.findByRole("alert")).toHaveTextContent("Could not load the courts.");
    expect(screen.getByRole("button", { name: "Try Again" })).toBeInTheDocument();
  });
});
