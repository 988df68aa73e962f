import { render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ClientOnly } from "./client-only.tsx";

const map = (
  <ClientOnly fallback={<p>Map frame</p>}>
    <p>The map</p>
  </ClientOnly>
);

describe("ClientOnly", () => {
  it("sends the fallback from the server", () => {
    expect(renderToString(map)).toBe("<p>Map frame</p>");
  });

  it("hydrates the server's fallback without a mismatch (an error), then shows the children", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(map);
    document.body.append(container);
    render(map, { container, hydrate: true });
    expect(await screen.findByText("The map")).toBeInTheDocument();
  });

  it("after a hydration, keeps the fallback until the page has been drawn", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(map);
    document.body.append(container);
    render(map, { container, hydrate: true });
    // Hydrated and its effects run (render() acts), yet no frame has been drawn since.
    expect(screen.getByText("Map frame")).toBeInTheDocument();
    expect(screen.queryByText("The map")).toBeNull();
    expect(await screen.findByText("The map")).toBeInTheDocument();
    expect(screen.queryByText("Map frame")).toBeNull();
  });

  it("shows the children at once when mounted in the browser", () => {
    render(map);
    expect(screen.getByText("The map")).toBeInTheDocument();
    expect(screen.queryByText("Map frame")).toBeNull();
  });
});
