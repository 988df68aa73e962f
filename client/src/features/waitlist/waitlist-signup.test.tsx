import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { createQueryClient } from "@/app/query-client.ts";
import { Toaster } from "@/components/ui/toaster.tsx";
import { dismissToast } from "@/components/ui/use-toast.ts";
import { stubFetch } from "@/test-support/stub-fetch.ts";
import { WaitlistSignup } from "./waitlist-signup.tsx";

// The toast store lives for the whole page (here: the whole file), so each test starts empty.
afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

const SIGNUP = {
  email: "Jordan@Example.com",
  name: "Jordan Miles",
  city: "Los Angeles",
  position: "PG",
};

/** The waitlist journey with a fake POST /api/waitlist that answers `answer`. */
function renderSignup(answer: () => Response | Promise<Response>, path = "/waitlist") {
  const fetchMock = stubFetch((url, init) => {
    if (url === "/api/waitlist" && init?.method === "POST") return answer();
    return Response.json({ message: "Not found." }, { status: 404 });
  });
  const { hook, searchHook } = memoryLocation({ path });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={hook} searchHook={searchHook}>
        <WaitlistSignup />
        <Toaster />
      </Router>
    </QueryClientProvider>,
  );
  return { fetchMock, user: userEvent.setup() };
}

const field = (label: string) => screen.getByLabelText(label, { exact: true });
const submitButton = () => screen.getByRole("button", { name: "Join the Waitlist" });
const notifications = () => screen.getByRole("region", { name: /notifications/i });

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, values = SIGNUP) {
  await user.type(field("Email"), values.email);
  await user.type(field("Name"), values.name);
  await user.type(field("City"), values.city);
  await user.type(field("Position"), values.position);
  await user.click(submitButton());
}

const entry = { id: 1, ...SIGNUP, createdAt: "2026-11-22T10:00:00.000Z" };

describe("WaitlistSignup", () => {
  it("is a POST form to the server, so sent before hydration no field goes into an address", () => {
    renderSignup(() => Response.json(entry, { status: 201 }));
    const form = screen.getByRole("form", { name: "Join the waitlist" });
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/api/waitlist/form");
    expect(
      ["email", "name", "city", "position"].map((n) => form.querySelector(`[name=${n}]`)),
    ).not.toContain(null);
  });

  it("after a plain form post: ?joined=1 confirms, ?problem= says what went wrong", () => {
    renderSignup(() => Response.json(entry, { status: 201 }), "/waitlist?joined=1");
    expect(
      screen.getByRole("heading", { level: 1, name: "You're on the list!" }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/We'll email you when Ball with the Bros launches/),
    ).toBeInTheDocument();
  });

  it("after a plain form post refused as a duplicate, the form shows why", () => {
    renderSignup(() => Response.json(entry, { status: 201 }), "/waitlist?problem=already");
    expect(screen.getByRole("alert")).toHaveTextContent("This email is already on the waitlist.");
    expect(screen.getByRole("form", { name: "Join the waitlist" })).toBeInTheDocument();
  });

  it("labels the four fields and hints the positions", () => {
    renderSignup(() => Response.json(entry, { status: 201 }));
    expect(screen.getByRole("heading", { level: 1, name: "Join the Waitlist" })).toBeVisible();
    expect(field("Email")).toHaveAttribute("type", "email");
    expect(field("Name")).toBeVisible();
    expect(field("City")).toBeVisible();
    expect(field("Position")).toHaveAccessibleDescription("PG, SG, SF, PF or C");
  });

  it("shows each field's message under it on an empty submit and sends nothing", async () => {
    const { fetchMock, user } = renderSignup(() => Response.json(entry, { status: 201 }));
    await user.click(submitButton());

    const expected = {
      Email: "Invalid email address",
      Name: "Name is required",
      City: "City is required",
      Position: "Position is required",
    };
    for (const [label, message] of Object.entries(expected)) {
      await waitFor(() => expect(field(label)).toHaveAttribute("aria-invalid", "true"));
      expect(field(label)).toHaveAccessibleDescription(expect.stringContaining(message));
      expect(screen.getByText(message)).toBeVisible();
    }
    expect(field("Email")).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("refuses an invalid e-mail and over-long fields with the schema's messages", async () => {
    const { fetchMock, user } = renderSignup(() => Response.json(entry, { status: 201 }));
    await user.type(field("Email"), "not-an-email");
    // paste, not type: typing 256 characters one by one is slow and proves nothing more.
    await user.click(field("Name"));
    await user.paste("n".repeat(256));
    await user.type(field("City"), "Oakland");
    await user.click(field("Position"));
    await user.paste("p".repeat(101));
    await user.click(submitButton());

    expect(await screen.findByText("Invalid email address")).toBeVisible();
    expect(screen.getByText("Name must be at most 255 characters")).toBeVisible();
    expect(screen.getByText("Position must be at most 100 characters")).toBeVisible();
    expect(field("City")).not.toHaveAttribute("aria-invalid");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the signup, shows the pending state, then the confirmation and the toast", async () => {
    let answer: (response: Response) => void = () => {};
    const { fetchMock, user } = renderSignup(
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    await fillAndSubmit(user);

    const pending = await screen.findByRole("button", { name: "Joining..." });
    expect(pending).toBeDisabled();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/waitlist");
    expect(JSON.parse(String(init?.body))).toEqual(SIGNUP);

    await act(async () => answer(Response.json(entry, { status: 201 })));

    const heading = await screen.findByRole("heading", { level: 1, name: "You're on the list!" });
    expect(heading).toHaveFocus();
    const perks = screen.getByRole("list", { name: "Your early-access perks" });
    expect(within(perks).getAllByRole("listitem").length).toBeGreaterThanOrEqual(3);
    expect(screen.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    expect(screen.queryByRole("form")).not.toBeInTheDocument();
    expect(notifications()).toHaveTextContent("Welcome to the waitlist!");
    expect(notifications()).toHaveTextContent("We'll notify you when Ball with the Bros launches.");
  });

  it("shows the server's message under Email and in a toast when the e-mail is already listed", async () => {
    const message = "This email is already on the waitlist.";
    const { user } = renderSignup(() => Response.json({ message }, { status: 409 }));
    await fillAndSubmit(user);

    await waitFor(() => expect(field("Email")).toHaveAttribute("aria-invalid", "true"));
    expect(field("Email")).toHaveAccessibleDescription(message);
    expect(field("Email")).toHaveFocus();
    expect(notifications()).toHaveTextContent(message);
    expect(screen.getByRole("button", { name: "Join the Waitlist" })).toBeEnabled();
    expect(screen.queryByText("You're on the list!")).not.toBeInTheDocument();
  });

  it.each([
    ["a server error", () => new Response("boom", { status: 500 })],
    ["a network failure", () => Promise.reject(new TypeError("Failed to fetch"))],
  ])(
    "shows 'Something went wrong' / 'Please try again.' on %s and keeps the form",
    async (_, answer) => {
      const { user } = renderSignup(answer);
      await fillAndSubmit(user);

      await waitFor(() => expect(notifications()).toHaveTextContent("Something went wrong"));
      expect(notifications()).toHaveTextContent("Please try again.");
      expect(field("Email")).toHaveValue(SIGNUP.email);
      expect(submitButton()).toBeEnabled();
    },
  );

  it("says why when the address has sent too many signups", async () => {
    const message = "Too many waitlist signups from this address. Please try again later.";
    const { user } = renderSignup(() => Response.json({ message }, { status: 429 }));
    await fillAndSubmit(user);

    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(notifications()).toHaveTextContent("Something went wrong");
  });
});
