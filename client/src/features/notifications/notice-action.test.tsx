import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { testUser } from "@/test-support/test-user.ts";
import { NotificationItem } from "./notification-item.tsx";
import { testNotification } from "./test-notifications.ts";

const POST = "/api/reminders/cant-make-it/7.24.1.u.sig";
const reminder = testNotification({
  kind: "game_reminder",
  title: "Coming up: Sunset Run",
  body: "Sat, Jun 13 · 6:30 PM PT at Rancho Park.",
  action: { label: "Can't make it", path: "/cant-make-it/7.24.1.u.sig", post: POST },
});

function renderItem(answer: () => Response) {
  return renderWithApi(
    <ul>
      <NotificationItem notification={reminder} onOpen={() => {}} />
    </ul>,
    { user: testUser(), routes: { [`POST ${POST}`]: answer } },
  );
}

describe("a reminder's Can't make it in the app", () => {
  it("one tap frees the seat and says so; the button then rests", async () => {
    const { fetchMock } = renderItem(() =>
      Response.json({
        state: "freed",
        gameId: 7,
        message: "Your seat in Sunset Run, Sat, Jun 13 · 6:30 PM PT, is free now.",
      }),
    );
    const button = screen.getByRole("button", { name: "Can't make it" });
    await userEvent.setup().click(button);
    expect(await screen.findByText(/Your seat in Sunset Run.+ is free now\./)).toBeInTheDocument();
    await waitFor(() => expect(button).toBeDisabled());
    expect(fetchMock.mock.calls.filter(([url]) => url === POST)).toHaveLength(1);
  });

  it("a link already used says so", async () => {
    renderItem(() =>
      Response.json(
        {
          message:
            "This link was already used: your seat in Sunset Run was freed then. Nothing changed.",
        },
        { status: 409 },
      ),
    );
    await userEvent.setup().click(screen.getByRole("button", { name: "Can't make it" }));
    expect(await screen.findByText(/This link was already used/)).toBeInTheDocument();
  });

  it("a notice without an action has no button", () => {
    renderWithApi(
      <ul>
        <NotificationItem notification={testNotification()} onOpen={() => {}} />
      </ul>,
      { user: testUser() },
    );
    expect(screen.queryByRole("button")).toBeNull();
  });
});
