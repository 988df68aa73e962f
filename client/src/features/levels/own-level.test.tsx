import { muOfLevel } from "@common/levels.ts";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderProfileFeature, testProfile } from "@/test-support/render-profile-feature.tsx";
import { OwnLevel } from "./own-level.tsx";

afterEach(() => vi.unstubAllGlobals());

describe("OwnLevel", () => {
  it("shows the level learned from results and how settled it is, beside what the player says", async () => {
    renderProfileFeature(<OwnLevel />, {
      // Says 3.0 (3, 5, 4, 2, 1); results put them at 3.4, still settling in.
      profile: testProfile(),
      level: { mu: muOfLevel(3.4), sigma: 2.9, games: 8 },
    });
    const level = screen.getByRole("region", { name: "Level" });
    expect(await within(level).findByText("Level 3.4 · settling in")).toBeInTheDocument();
    expect(within(level).getByText("Learned from 8 results")).toBeInTheDocument();
    expect(await within(level).findByText("Says 3.0")).toBeInTheDocument();
  });

  it("says 'new' and where the self-rating starts a player without results", async () => {
    renderProfileFeature(<OwnLevel />, {
      profile: testProfile({
        skillShot: 4,
        skillIq: 4,
        skillVert: 4,
        skillDefense: 4,
        skillHandles: 4,
      }),
      level: { mu: muOfLevel(4), sigma: 3, games: 0 },
    });
    expect(await screen.findByText("Level 4.0 · new")).toBeInTheDocument();
    expect(
      screen.getByText("No results yet: where your self-rating starts you"),
    ).toBeInTheDocument();
    expect(await screen.findByText("Says 4.0")).toBeInTheDocument();
  });

  it("calls a level settled once the results have told enough", async () => {
    const view = renderProfileFeature(<OwnLevel />, {
      profile: testProfile(),
      level: { mu: muOfLevel(2.3), sigma: 2.5, games: 30 },
    });
    expect(await screen.findByText("Level 2.3 · settled")).toBeInTheDocument();
    expect(screen.getByText("Learned from 30 results")).toBeInTheDocument();
    view.unmount();
  });

  it("keeps its place and says so when the level cannot be loaded", async () => {
    renderProfileFeature(<OwnLevel />, { profile: testProfile(), level: null });
    expect(await screen.findByText("Level could not be loaded.")).toBeInTheDocument();
  });
});
