import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dismissToast } from "@/components/ui/use-toast.ts";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { ContactForm } from "./contact-form.tsx";

afterEach(() => {
  act(() => dismissToast());
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

type Route = (init?: RequestInit) => Response | Promise<Response>;

function setUp(send: Route = () => Response.json({ ok: true }, { status: 201 })) {
  const user = userEvent.setup();
  const sent: unknown[] = [];
  const view = renderWithApi(<ContactForm />, {
    user: null,
    routes: {
      "POST /api/contact": (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return send(init);
      },
    },
  });
  return { user, sent, ...view };
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
    const { user, sent } = setUp();
    await user.click(submit());
    for (const label of LABELS) expect(field(label)).toBeInvalid();

    await fillIn(user);
    await user.clear(field("Email Address"));
    await user.type(field("Email Address"), "not-an-email");
    expect(field("Email Address")).toBeInvalid();
    await user.click(submit());
    expect(submit()).toBeEnabled(); // not "Sending..."
    expect(screen.queryByText("Message Sent!")).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it("sends the four fields to the team, then confirms and clears the form", async () => {
    let answer: (response: Response) => void = () => {};
    const { user, sent } = setUp(() => new Promise((resolve) => (answer = resolve)));
    await fillIn(user);
    await user.click(submit());

    const sending = await screen.findByRole("button", { name: "Sending..." });
    expect(sending).toBeDisabled();
    expect(field("Message")).toBeDisabled(); // an edit now would be lost when the form clears
    expect(sent).toEqual([
      {
        name: "Jordan Miles",
        email: "jordan@example.com",
        subject: "A court you're missing",
        message: "Penmar Park has two full courts with lights.",
      },
    ]);
    await act(async () => answer(Response.json({ ok: true }, { status: 201 })));

    const confirmation = (await screen.findByText("Message Sent!", { selector: "p" }))
      .parentElement;
    expect(confirmation).toHaveTextContent("We'll get back to you within 24 hours.");
    expect(confirmation?.parentElement).toHaveFocus();
    const toasts = screen.getByRole("region", { name: /notifications/i });
    expect(within(toasts).getByText("Message Sent!")).toBeInTheDocument();
    for (const label of LABELS) expect(field(label)).toHaveValue("");
    expect(submit()).toBeEnabled();
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    const { user } = setUp(() =>
      Response.json(
        { message: "You have sent a lot of messages. Please wait a while." },
        { status: 429 },
      ),
    );
    await fillIn(user);
    await user.click(submit());
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "You have sent a lot of messages. Please wait a while.",
    );
    expect(field("Full Name")).toHaveValue("Jordan Miles");
    expect(screen.queryByText("Message Sent!")).not.toBeInTheDocument();
    expect(submit()).toBeEnabled();
  });
});
