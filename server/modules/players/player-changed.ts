import type { Queryable } from "../../db/client.ts";
import { publish } from "../events/publish.ts";

/**
 * After a player's card, privacy, position or account changed: tells every instance and the
 * player's own streams (`player.changed`: their other devices refetch; `player.left` for a
 * deleted account, whose devices are signed out and fetch nothing). Nearby lists are read
 * per request, so nothing on the server waits for it.
 */
export async function nearbyPlayerChanged(
  db: Queryable,
  userId: string,
  { left = false } = {},
): Promise<void> {
  const event = { type: left ? "player.left" : "player.changed" } as const;
  await publish(db, [{ event, to: { userId } }]);
}
