import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { CantMakeItPanel } from "./cant-make-it-panel.tsx";

const TOKEN = "7.24.1.u.sig";
const API = `/api/reminders/cant-make-it/${TOKEN}`;
const READY = {
  state: "ready",
  gameId: 7,
  message:
    "Can't make it to Sunset Run, Sat, Jun 13 · 6:30 PM PT at Rancho Park? Free your seat and the first player in line gets it.",
};

describe("the Can't make it page", () => {
  it("says what the link does, changes nothing until the tap, then says the seat is free", async () => {
    const { fetchMock } = renderWithApi(<CantMakeItPanel token={TOKEN} />, {
      user: null,
      routes: {
        [API]: Response.json(READY),
        [`POST ${API}`]: () =>
          Response.json({
            state: "freed",
            gameId: 7,
            message: "Your seat in Sunset Run, Sat, Jun 13 · 6:30 PM PT, is free now.",
          }),
      },
    });
    expect(await screen.findByText(READY.message)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
    await userEvent.setup().click(screen.getByRole("button", { name: "Free my seat" }));
    expect(await screen.findByRole("status")).toHaveTextContent(
      "Your seat in Sunset Run, Sat, Jun 13 · 6:30 PM PT, is free now.",
    );
    expect(screen.queryByRole("button", { name: "Free my seat" })).toBeNull();
    expect(screen.getByRole("link", { name: "Open the game" })).toHaveAttribute("href", "/game/7");
  });

  it("a link already used, or a game started, says so with no button", async () => {
    renderWithApi(<CantMakeItPanel token={TOKEN} />, {
      user: null,
      routes: {
        [API]: Response.json({
          state: "used",
          gameId: 7,
          message:
            "This link was already used: your seat in Sunset Run was freed then. Nothing changed.",
        }),
      },
    });
    expect(await screen.findByText(/This link was already used/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Free my seat" })).toBeNull();
  });

  it("a refusal at the tap (the game just started) is said plainly", async () => {
    renderWithApi(<CantMakeItPanel token={TOKEN} />, {
      user: null,
      routes: {
        [API]: Response.json(READY),
        [`POST ${API}`]: () =>
          Response.json(
            {
              message:
                "Sunset Run, Sat, Jun 13 · 6:30 PM PT, has already started. Nothing changed.",
            },
            { status: 409 },
          ),
      },
    });
    await userEvent.setup().click(await screen.findByRole("button", { name: "Free my seat" }));
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent("has already started. Nothing changed."),
    );
    expect(screen.queryByRole("button", { name: "Free my seat" })).toBeNull();
  });

  it("a forged link is refused in the server's words", async () => {
    renderWithApi(<CantMakeItPanel token={TOKEN} />, {
      user: null,
      routes: {
        [API]: () =>
          Response.json(
            { message: 'This "Can\'t make it" link is not valid. Open the game to leave it.' },
            { status: 404 },
          ),
      },
    });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      'This "Can\'t make it" link is not valid.',
    );
  });
});
