import { TEXT_REFUSED } from "@common/text-filter.ts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderProfileFeature, testProfile } from "@/test-support/render-profile-feature.tsx";
import { testUser } from "@/test-support/test-user.ts";
import { ProfileSetup } from "./profile-setup.tsx";

afterEach(() => vi.unstubAllGlobals());

const renderSetup = (server: Parameters<typeof renderProfileFeature>[1] = {}) =>
  renderProfileFeature(<ProfileSetup />, { path: "/profile-setup", ...server });

async function fillStepOne(user: ReturnType<typeof userEvent.setup>, nickname = "Splash") {
  await user.type(await screen.findByLabelText("Nickname"), nickname);
  await user.selectOptions(screen.getByLabelText("Primary Position"), "Point Guard");
  await user.click(screen.getByRole("button", { name: "Next" }));
}

describe("profile setup", () => {
  it("walks the three steps with progress, Back and Next", async () => {
    const user = userEvent.setup();
    renderSetup();
    expect(await screen.findByText("Step 1 of 3")).toBeInTheDocument();
    // Complete counts the steps done: none yet (issue 31: not 100% before Complete Setup).
    expect(screen.getByText("0% complete")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Basic Info" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Back" })).toBeDisabled();

    await fillStepOne(user);
    expect(await screen.findByText("Step 2 of 3")).toBeInTheDocument();
    expect(screen.getByText("33% complete")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Position & Skills" })).toHaveFocus();

    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Step 3 of 3")).toBeInTheDocument();
    expect(screen.getByText("67% complete")).toBeInTheDocument();
    expect(screen.queryByText("100% complete")).toBeNull();
    expect(screen.getByRole("heading", { name: "Location & Availability" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Complete Setup" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(await screen.findByText("Step 2 of 3")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(screen.getByLabelText("Nickname")).toHaveValue("Splash");
  });

  it("keeps step 1 until the nickname and position are valid, with the spec's messages", async () => {
    const user = userEvent.setup();
    renderSetup();
    await user.type(await screen.findByLabelText("Nickname"), "ab");
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Nickname must be at least 3 characters")).toBeInTheDocument();
    expect(screen.getByText("Primary position is required")).toBeInTheDocument();
    expect(screen.getByLabelText("Nickname")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Nickname")).toHaveFocus();
    expect(screen.getByText("Step 1 of 3")).toBeInTheDocument();
  });

  it("refuses a nickname the text filter finds a word in, next to the field", async () => {
    const user = userEvent.setup();
    const { posted } = renderSetup();
    await fillStepOne(user, "B1tch Please");
    expect(await screen.findByText(TEXT_REFUSED)).toBeInTheDocument();
    expect(screen.getByLabelText("Nickname")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Nickname")).toHaveAccessibleDescription(TEXT_REFUSED);
    expect(screen.getByText("Step 1 of 3")).toBeInTheDocument();
    expect(posted()).toHaveLength(0);
  });

  it("has five sliders from 1 to 5 starting at 3, each showing its value", async () => {
    const user = userEvent.setup();
    renderSetup();
    await fillStepOne(user);
    const labels = ["Ball Handling", "Shooting", "Basketball IQ", "Athleticism", "Defense"];
    for (const label of labels) {
      const slider = screen.getByRole("slider", { name: label });
      expect(slider).toHaveValue("3");
      expect(slider).toHaveAttribute("min", "1");
      expect(slider).toHaveAttribute("max", "5");
      expect(slider).toHaveAttribute("step", "1");
    }
    // jsdom does not move range inputs on arrow keys (the browser journey does); set the value.
    const shooting = screen.getByRole("slider", { name: "Shooting" });
    fireEvent.change(shooting, { target: { value: "5" } });
    expect(shooting).toHaveValue("5");
    expect(shooting).toHaveAttribute("aria-valuetext", "5 out of 5");
    expect(screen.getAllByText("5/5")).toHaveLength(1);
  });

  it("sends the profile, shows 'Creating...', welcomes the player and goes to /dashboard", async () => {
    const user = userEvent.setup();
    let answer: (r: Response) => void = () => {};
    const { posted, location, fetchMock } = renderSetup({
      user: testUser({ city: "Austin", state: "TX" }),
      saveProfile: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await fillStepOne(user, "  Splash  ");
    fireEvent.change(screen.getByRole("slider", { name: "Shooting" }), { target: { value: "4" } });
    await user.click(screen.getByRole("button", { name: "Next" }));

    const area = screen.getByLabelText("Where do you usually hoop?");
    expect(
      within(area)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Not set", "Austin, TX"]);
    await user.selectOptions(area, "Austin, TX");
    const available = screen.getByRole("checkbox", { name: "I'm available to hoop" });
    expect(available).toBeChecked();
    await user.click(available);

    await user.click(screen.getByRole("button", { name: "Complete Setup" }));
    expect(await screen.findByRole("button", { name: "Creating..." })).toBeDisabled();
    expect(posted()).toEqual([
      {
        nickname: "Splash",
        primaryPosition: "Point Guard",
        secondaryPosition: null,
        skillHandles: 3,
        skillShot: 4,
        skillIq: 3,
        skillVert: 3,
        skillDefense: 3,
        location: "Austin, TX",
        isAvailable: false,
      },
    ]);

    const authChecks = () => fetchMock.mock.calls.filter(([u]) => u === "/api/auth/user").length;
    const before = authChecks();
    answer(Response.json(testProfile({ nickname: "Splash" }), { status: 201 }));
    expect(await screen.findByText("Welcome to the Bros! 🏀")).toBeInTheDocument();
    await waitFor(() => expect(location.history.at(-1)).toBe("/dashboard"));
    expect(authChecks()).toBe(before + 1);
  });

  it("offers the areas of the player's own city only (issue 31: one location per player)", async () => {
    const user = userEvent.setup();
    const view = renderSetup({ user: testUser({ city: "Los Angeles", state: "CA" }) });
    await fillStepOne(user);
    await user.click(screen.getByRole("button", { name: "Next" }));
    const options = () =>
      within(screen.getByLabelText("Where do you usually hoop?"))
        .getAllByRole("option")
        .map((o) => o.textContent);
    expect(options()).toEqual([
      "Not set",
      "Downtown LA",
      "Venice Beach",
      "Hollywood",
      "Santa Monica",
      "Beverly Hills",
      "Westwood",
      "Pasadena",
    ]);
    expect(screen.queryByText(/Areas come from your city/)).toBeNull();
    view.unmount();

    renderSetup({ user: testUser({ city: null, state: null }) });
    await fillStepOne(user);
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(options()).toEqual(["Not set"]);
    expect(screen.getByText(/Areas come from your city/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Set your city in Settings" })).toHaveAttribute(
      "href",
      "/settings",
    );
  });

  it.each([
    [false, "/onboarding?returnTo=%2Fgame%2F12"],
    [true, "/game/12"],
  ])(
    "a player who signed in to reach a page goes on toward it (onboarded: %s)",
    async (onboarded, next) => {
      const user = userEvent.setup();
      const { location } = renderSetup({
        path: "/profile-setup?returnTo=%2Fgame%2F12",
        user: testUser({ hasCompletedOnboarding: onboarded }),
        saveProfile: () => Response.json(testProfile(), { status: 201 }),
      });
      await fillStepOne(user);
      await user.click(screen.getByRole("button", { name: "Next" }));
      await user.click(screen.getByRole("button", { name: "Complete Setup" }));
      await waitFor(() => expect(location.history.at(-1)).toBe(next));
    },
  );

  it("shows the failure toast and stays on the last step when saving fails", async () => {
    const user = userEvent.setup();
    const { location } = renderSetup({
      saveProfile: () => Response.json({ message: "Down" }, { status: 500 }),
    });
    await fillStepOne(user);
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.click(screen.getByRole("button", { name: "Complete Setup" }));
    expect(await screen.findByText("Setup Failed")).toBeInTheDocument();
    expect(
      screen.getByText("There was an error creating your profile. Please try again."),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Complete Setup" })).toBeEnabled();
    expect(location.history).toEqual(["/profile-setup"]);
  });

  it("returns to the step of a field the server refused, with its message", async () => {
    const user = userEvent.setup();
    const message = "Nickname must be at most 50 characters";
    renderSetup({
      saveProfile: () => Response.json({ message, errors: { nickname: message } }, { status: 400 }),
    });
    await fillStepOne(user);
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.click(screen.getByRole("button", { name: "Complete Setup" }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText("Step 1 of 3")).toBeInTheDocument();
  });

  it("starts an edit from the saved profile", async () => {
    const user = userEvent.setup();
    const saved = testProfile({
      secondaryPosition: "Center",
      location: "Pasadena",
      isAvailable: false,
    });
    const { posted } = renderSetup({ profile: saved, saveProfile: () => Response.json(saved) });
    expect(await screen.findByRole("heading", { name: "Edit Your Profile" })).toBeInTheDocument();
    expect(screen.getByLabelText("Nickname")).toHaveValue("Splash");
    expect(screen.getByLabelText("Primary Position")).toHaveValue("Shooting Guard");
    expect(screen.getByLabelText("Secondary Position (optional)")).toHaveValue("Center");
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByRole("slider", { name: "Shooting" })).toHaveValue("5");
    expect(screen.getByRole("slider", { name: "Defense" })).toHaveValue("1");
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByLabelText("Where do you usually hoop?")).toHaveValue("Pasadena");
    expect(screen.getByRole("checkbox", { name: "I'm available to hoop" })).not.toBeChecked();
    await user.click(screen.getByRole("button", { name: "Complete Setup" }));
    expect(await screen.findByText("Profile updated")).toBeInTheDocument();
    expect(posted()[0]).toMatchObject({ nickname: "Splash", skillShot: 5, location: "Pasadena" });
  });
});
