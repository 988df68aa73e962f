import type { AccountSession } from "@common/account.ts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { testUser } from "@/test-support/test-user.ts";
import { EmailConfirmationBanner } from "./email-confirmation-banner.tsx";
import { SecurityCard } from "./security-card.tsx";
import { SessionsCard } from "./sessions-card.tsx";
import { YourDataCard } from "./your-data-card.tsx";

afterEach(() => vi.unstubAllGlobals());

const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body)) as Record<string, unknown>;

describe("the e-mail confirmation banner", () => {
  it("asks an unconfirmed player to confirm, and Resend sends a new link", async () => {
    const { fetchMock } = renderWithApi(<EmailConfirmationBanner />, {
      user: testUser({ emailConfirmed: false }),
      routes: {
        "POST /api/account/confirmation": Response.json({
          message: "We sent a new confirmation link. Check your inbox.",
        }),
      },
    });
    const banner = await screen.findByRole("region", { name: "Confirm your e-mail address" });
    expect(banner).toHaveTextContent("open the link we sent to jordan@example.com");
    await userEvent.click(within(banner).getByRole("button", { name: "Resend" }));
    expect(await within(banner).findByRole("status")).toHaveTextContent(
      "We sent a new confirmation link",
    );
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/account/confirmation",
      expect.objectContaining({ method: "POST" }),
    );
  });

  it("says the limit when Resend is refused", async () => {
    renderWithApi(<EmailConfirmationBanner />, {
      user: testUser({ emailConfirmed: false }),
      routes: {
        "POST /api/account/confirmation": Response.json(
          { message: "Too many e-mails asked for. Please wait an hour and try again." },
          { status: 429 },
        ),
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Resend" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Too many e-mails asked for");
  });

  it("shows the typed address of an account that does not own it, like any other", async () => {
    renderWithApi(<EmailConfirmationBanner />, {
      user: testUser({ email: null, pendingEmail: "taken@example.com", emailConfirmed: false }),
    });
    expect(
      await screen.findByRole("region", { name: "Confirm your e-mail address" }),
    ).toHaveTextContent("taken@example.com");
  });

  it("is not there once confirmed, nor for an identity provider's account", async () => {
    const { unmount } = renderWithApi(
      <>
        <EmailConfirmationBanner />
        <p>page</p>
      </>,
      { user: testUser({ emailConfirmed: true }) },
    );
    await screen.findByText("page");
    expect(screen.queryByRole("region", { name: "Confirm your e-mail address" })).toBeNull();
    unmount();
    renderWithApi(
      <>
        <EmailConfirmationBanner />
        <p>page</p>
      </>,
      { user: testUser({ emailConfirmed: false, builtInAccount: false }) },
    );
    await screen.findByText("page");
    expect(screen.queryByRole("region", { name: "Confirm your e-mail address" })).toBeNull();
  });
});

describe("Settings → Sign-in and security", () => {
  it("changes the password with the current one; a wrong current password lands on its field", async () => {
    let answer = Response.json(
      {
        message: "That password is not right.",
        errors: { password: "That password is not right." },
      },
      { status: 400 },
    );
    const { fetchMock } = renderWithApi(<SecurityCard />, {
      user: testUser(),
      routes: { "POST /api/account/password": () => answer },
    });
    const form = await screen.findByRole("form", { name: "Change password" });
    await userEvent.click(within(form).getByRole("button", { name: "Change password" }));
    expect(await within(form).findByText("Enter your current password")).toBeInTheDocument();
    expect(within(form).getByText("Password must be at least 8 characters")).toBeInTheDocument();

    await userEvent.type(within(form).getByLabelText("Current password"), "wrong password");
    await userEvent.type(within(form).getByLabelText("New password"), "a brand new secret");
    await userEvent.click(within(form).getByRole("button", { name: "Change password" }));
    expect(await within(form).findByText("That password is not right.")).toBeInTheDocument();
    expect(within(form).getByLabelText("Current password")).toHaveAttribute("aria-invalid", "true");

    answer = Response.json({
      message: "Your password was changed. Other sessions were signed out.",
    });
    await userEvent.clear(within(form).getByLabelText("Current password"));
    await userEvent.type(within(form).getByLabelText("Current password"), "right password");
    await userEvent.click(within(form).getByRole("button", { name: "Change password" }));
    expect(await within(form).findByRole("status")).toHaveTextContent(
      "Other sessions were signed out",
    );
    const posted = fetchMock.mock.calls.filter(([url]) => url === "/api/account/password");
    expect(bodyOf(posted.at(-1)?.[1])).toEqual({
      currentPassword: "right password",
      newPassword: "a brand new secret",
    });
  });

  it("asks for a new address and says a link went there", async () => {
    const { fetchMock } = renderWithApi(<SecurityCard />, {
      user: testUser(),
      routes: {
        "POST /api/account/email": Response.json({
          message:
            "Check the new address: the change takes effect when you open the link we sent there.",
        }),
      },
    });
    const form = await screen.findByRole("form", { name: "Change e-mail" });
    await userEvent.type(within(form).getByLabelText("New email"), "new@example.com");
    await userEvent.type(within(form).getByLabelText("Password"), "my password");
    await userEvent.click(within(form).getByRole("button", { name: "Send confirmation link" }));
    expect(await within(form).findByRole("status")).toHaveTextContent("Check the new address");
    const posted = fetchMock.mock.calls.find(([url]) => url === "/api/account/email");
    expect(bodyOf(posted?.[1])).toEqual({ newEmail: "new@example.com", password: "my password" });
  });

  it("is not offered to an identity provider's account", async () => {
    renderWithApi(
      <>
        <SecurityCard />
        <p>page</p>
      </>,
      { user: testUser({ builtInAccount: false }) },
    );
    await screen.findByText("page");
    expect(screen.queryByRole("heading", { name: "Sign-in and security" })).toBeNull();
  });
});

describe("Settings → Sessions", () => {
  const SESSIONS: AccountSession[] = [
    {
      id: "a".repeat(64),
      device: "Chrome on macOS",
      createdAt: "2026-11-01T10:00:00.000Z",
      lastSeenAt: "2026-11-20T10:00:00.000Z",
      current: true,
    },
    {
      id: "b".repeat(64),
      device: "Safari on iPhone",
      createdAt: "2026-10-01T10:00:00.000Z",
      lastSeenAt: "2026-11-19T10:00:00.000Z",
      current: false,
    },
  ];

  it("lists devices with this one marked, and signs out one or everywhere else", async () => {
    const { fetchMock } = renderWithApi(<SessionsCard />, {
      user: testUser(),
      routes: {
        "/api/account/sessions": () => Response.json(SESSIONS),
        [`DELETE /api/account/sessions/${"b".repeat(64)}`]: new Response(null, { status: 204 }),
        "POST /api/account/sessions/end-others": Response.json({ ended: 1 }),
      },
    });
    const list = await screen.findByRole("list", { name: "Signed-in devices" });
    const [mine, phone] = within(list).getAllByRole("listitem");
    expect(mine).toHaveTextContent("Chrome on macOS");
    expect(mine).toHaveTextContent("This browser");
    expect(within(mine as HTMLElement).queryByRole("button")).toBeNull();
    await userEvent.click(
      within(phone as HTMLElement).getByRole("button", { name: /^Sign out Safari on iPhone/ }),
    );
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        `/api/account/sessions/${"b".repeat(64)}`,
        expect.objectContaining({ method: "DELETE" }),
      ),
    );
    await userEvent.click(screen.getByRole("button", { name: "Sign out everywhere else" }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        "/api/account/sessions/end-others",
        expect.objectContaining({ method: "POST" }),
      ),
    );
  });
});

describe("Settings → Your data", () => {
  it("downloads the data as a file", async () => {
    renderWithApi(<YourDataCard onDeleted={() => {}} />, { user: testUser() });
    const link = await screen.findByRole("link", { name: "Download my data" });
    expect(link).toHaveAttribute("href", "/api/account/export");
    expect(link).toHaveAttribute("download");
  });

  it("deletes the account only after the dialog and the password", async () => {
    const onDeleted = vi.fn();
    let answer = Response.json(
      {
        message: "That password is not right.",
        errors: { password: "That password is not right." },
      },
      { status: 400 },
    );
    const { fetchMock } = renderWithApi(<YourDataCard onDeleted={onDeleted} />, {
      user: testUser(),
      routes: { "POST /api/account/delete": () => answer },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Delete account" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete your account?" });
    expect(dialog).toHaveTextContent('shown as "Deleted player"');
    await userEvent.type(within(dialog).getByLabelText("Password"), "wrong one");
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete my account" }));
    expect(await within(dialog).findByText("That password is not right.")).toBeInTheDocument();
    expect(onDeleted).not.toHaveBeenCalled();

    answer = new Response(null, { status: 204 });
    await userEvent.clear(within(dialog).getByLabelText("Password"));
    await userEvent.type(within(dialog).getByLabelText("Password"), "right one");
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete my account" }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledOnce());
    const posted = fetchMock.mock.calls.filter(([url]) => url === "/api/account/delete");
    expect(bodyOf(posted.at(-1)?.[1])).toEqual({ password: "right one" });
  });

  it("'Keep my account' closes the dialog and deletes nothing", async () => {
    const { fetchMock } = renderWithApi(<YourDataCard onDeleted={() => {}} />, {
      user: testUser(),
    });
    await userEvent.click(await screen.findByRole("button", { name: "Delete account" }));
    await userEvent.click(await screen.findByRole("button", { name: "Keep my account" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(fetchMock.mock.calls.some(([url]) => url === "/api/account/delete")).toBe(false);
  });
});
