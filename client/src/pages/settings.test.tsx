import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { testUser } from "@/test-support/test-user.ts";
import SettingsPage from "./settings.tsx";

afterEach(() => vi.unstubAllGlobals());

const renderSettings = (operator: boolean) =>
  renderWithApi(<SettingsPage />, {
    user: testUser(),
    routes: { "/api/operator/me": Response.json({ operator }) },
  });

describe("the Operator card in Settings", () => {
  it("links an operator to the operator page", async () => {
    renderSettings(true);
    expect(await screen.findByRole("heading", { level: 2, name: "Operator" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Open the operator page" })).toHaveAttribute(
      "href",
      "/operator",
    );
  });

  it("is not there for anyone else", async () => {
    const { fetchMock } = renderSettings(false);
    await screen.findByRole("heading", { level: 2, name: "Blocked players" });
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain("/api/operator/me"),
    );
    // Let the answer render before looking for what it would have shown.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("heading", { name: "Operator" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Open the operator page" })).toBeNull();
  });
});
