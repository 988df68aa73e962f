import type { FriendGame } from "@common/friends.ts";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithApi } from "@/test-support/render-with-api.tsx";
import { testGame } from "@/test-support/test-games.ts";
import { testUser } from "@/test-support/test-user.ts";
import { FriendsGames, namesOf } from "./friends-games.tsx";

const renderGame = (game: { id: number; title: string | null }, inGame: boolean) => (
  <article aria-label={game.title ?? ""}>{inGame ? "In" : "Out"}</article>
);

describe("friends' games", () => {
  it("shows each game with the friends in it and whether the player is in too", async () => {
    const games: FriendGame[] = [
      {
        game: testGame({ id: 1, title: "Tuesday run" }),
        friends: [{ id: "ben", nickname: "Ben" }],
        youreIn: true,
      },
      {
        game: testGame({ id: 2, title: "Saturday run" }),
        friends: [
          { id: "ana", nickname: "Ana" },
          { id: "cy", nickname: "Cyd" },
          { id: "dee", nickname: "Dee" },
        ],
        youreIn: false,
      },
    ];
    renderWithApi(<FriendsGames renderGame={renderGame} />, {
      user: testUser(),
      routes: { "/api/friends/games": () => Response.json(games) },
    });
    const list = await screen.findByRole("list", { name: "Your friends' upcoming games" });
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(
      within(items[0] as HTMLElement).getByRole("article", { name: "Tuesday run" }),
    ).toHaveTextContent("In");
    expect(items[0]).toHaveTextContent("Ben is in, and so are you");
    expect(
      within(items[1] as HTMLElement).getByRole("article", { name: "Saturday run" }),
    ).toHaveTextContent("Out");
    expect(items[1]).toHaveTextContent("Ana, Cyd and Dee are in");
  });

  it("says what will show when no friend has a game", async () => {
    renderWithApi(<FriendsGames renderGame={renderGame} />, {
      user: testUser(),
      routes: { "/api/friends/games": () => Response.json([]) },
    });
    expect(await screen.findByText(/No upcoming games with your friends yet/)).toBeInTheDocument();
  });

  it("names friends as a sentence does", () => {
    const friend = (nickname: string) => ({ id: nickname, nickname });
    expect(namesOf([friend("Ana")])).toBe("Ana");
    expect(namesOf([friend("Ana"), friend("Ben")])).toBe("Ana and Ben");
    expect(namesOf([friend("Ana"), friend("Ben"), friend("Cyd")])).toBe("Ana, Ben and Cyd");
  });
});
