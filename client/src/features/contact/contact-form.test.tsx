import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dismissToast } from "@/components/ui/use-toast.ts";
import { renderWithProviders } from "@/test-support/render-with-providers.tsx";
import { ContactForm } from "./contact-form.tsx";

afterEach(() => {
  act(() => dismissToast());
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const LABELS = ["Full Name", "Email Address", "Subject", "Message"] as const;
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const submit = () => screen.getByRole("button", { name: "Send Message" });

describe("the contact form before the app hydrates it (issue 31)", () => {
  it("cannot be sent from the server's HTML, and would never send its fields in an address", () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(<ContactForm />);
    const form = container.querySelector("form");
    expect(form?.getAttribute("method")).toBe("post");
    const button = within(container).getByRole("button", { name: "Send Message" });
    expect(button).toBeDisabled();
  });
});

function setUp() {
  const user = userEvent.setup();
  const view = renderWithProviders(<ContactForm />);
  return { user, ...view };
}

/**
 * Submits with the send's one-second timer under test control. Fake timers start only now
 * (userEvent waits on real ones), and the click is a plain event for the same reason.
 */
function submitWithFakeTimers() {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  fireEvent.click(submit());
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field("Full Name"), "Jordan Miles");
  await user.type(field("Email Address"), "jordan@example.com");
  await user.type(field("Subject"), "A court you're missing");
  await user.type(field("Message"), "Penmar Park has two full courts with lights.");
}

describe("ContactForm", () => {
  it("labels four required fields, the e-mail checked by the browser as one", () => {
    setUp();
    for (const label of LABELS) expect(field(label)).toBeRequired();
    expect(field("Email Address")).toHaveAttribute("type", "email");
    expect(field("Message").tagName).toBe("TEXTAREA");
  });

  it("sends nothing while a field is empty or the e-mail is not one", async () => {
    const { user, fetchMock } = setUp();
    await user.click(submit());
    for (const label of LABELS) expect(field(label)).toBeInvalid();

    await fillIn(user);
    await user.clear(field("Email Address"));
    await user.type(field("Email Address"), "not-an-email");
    expect(field("Email Address")).toBeInvalid();
    await user.click(submit());
    expect(submit()).toBeEnabled(); // not "Sending..."
    expect(screen.queryByText("Message Sent!")).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(["/api/auth/user"]);
  });

  it("pretends to send for one second, then confirms and clears the form", async () => {
    const { user, fetchMock } = setUp();
    await fillIn(user);
    submitWithFakeTimers();

    const sending = screen.getByRole("button", { name: "Sending..." });
    expect(sending).toBeDisabled();
    expect(field("Message")).toBeDisabled(); // an edit now would be lost when the form clears
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(screen.queryByText("Message Sent!", { selector: "p" })).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1));
    const confirmation = screen.getByText("Message Sent!", { selector: "p" }).parentElement;
    expect(confirmation).toHaveTextContent("We'll get back to you within 24 hours.");
    expect(confirmation?.parentElement).toHaveFocus();
    const toasts = screen.getByRole("region", { name: /notifications/i });
    expect(within(toasts).getByText("Message Sent!")).toBeInTheDocument();
    expect(within(toasts).getByText("We'll get back to you within 24 hours.")).toBeInTheDocument();
    for (const label of LABELS) expect(field(label)).toHaveValue("");
    expect(submit()).toBeEnabled();
    // No server call: only the app's own auth check ever went out.
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(["/api/auth/user"]);
  });
});
