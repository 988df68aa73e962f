import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  friendGamesSchema,
  friendParamsSchema,
  friendRequestInputSchema,
  friendRequestResultSchema,
  friendsOverviewSchema,
} from "../../../common/friends.ts";
import { apiErrorSchema } from "../../../common/user.ts";
import { requireUser, userIdOf } from "../../auth/session-plugin.ts";
import type { Db } from "../../db/client.ts";
import { friendsGames } from "./friends-games.ts";
import {
  acceptFriendRequest,
  declineFriendRequest,
  friendsOverview,
  sendFriendRequest,
  unfriend,
  withdrawFriendRequest,
} from "./service.ts";

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};
const tags = ["friends"];
const done = z.object({ ok: z.literal(true) });
const params = friendParamsSchema;

/** Friends (decision 113). Signed in only; the caller always acts as themself. */
export async function friendsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.addHook("onRequest", requireUser);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/friends",
    {
      schema: {
        operationId: "listFriends",
        summary: "The caller's friends, the friend requests waiting on them, and their own.",
        tags,
        response: { 200: friendsOverviewSchema, ...errors },
      },
    },
    async (request) => friendsOverview(db, userIdOf(request)),
  );

  r.get(
    "/api/friends/games",
    {
      schema: {
        operationId: "listFriendsGames",
        summary: "Upcoming games the caller's friends hold seats in, soonest first.",
        tags,
        response: { 200: friendGamesSchema, ...errors },
      },
    },
    async (request) => friendsGames(db, userIdOf(request)),
  );

  r.post(
    "/api/friends/requests",
    {
      schema: {
        operationId: "sendFriendRequest",
        summary: "Ask a player to be friends (friends at once when they had asked the caller).",
        tags,
        body: friendRequestInputSchema,
        response: { 200: friendRequestResultSchema, ...errors },
      },
    },
    async (request) => sendFriendRequest(db, userIdOf(request), request.body.userId),
  );

  r.post(
    "/api/friends/requests/:userId/accept",
    {
      schema: {
        operationId: "acceptFriendRequest",
        summary: "Accept the friend request this player sent the caller.",
        tags,
        params,
        response: { 200: done, ...errors },
      },
    },
    async (request) => {
      await acceptFriendRequest(db, userIdOf(request), request.params.userId);
      return { ok: true as const };
    },
  );

  r.post(
    "/api/friends/requests/:userId/decline",
    {
      schema: {
        operationId: "declineFriendRequest",
        summary: "Decline the friend request this player sent the caller (they are not told).",
        tags,
        params,
        response: { 200: done, ...errors },
      },
    },
    async (request) => {
      await declineFriendRequest(db, userIdOf(request), request.params.userId);
      return { ok: true as const };
    },
  );

  r.delete(
    "/api/friends/requests/:userId",
    {
      schema: {
        operationId: "withdrawFriendRequest",
        summary: "Withdraw the caller's friend request to this player.",
        tags,
        params,
        response: { 200: done, ...errors },
      },
    },
    async (request) => {
      await withdrawFriendRequest(db, userIdOf(request), request.params.userId);
      return { ok: true as const };
    },
  );

  r.delete(
    "/api/friends/:userId",
    {
      schema: {
        operationId: "unfriend",
        summary: "End a friendship, for both players.",
        tags,
        params,
        response: { 200: done, ...errors },
      },
    },
    async (request) => {
      await unfriend(db, userIdOf(request), request.params.userId);
      return { ok: true as const };
    },
  );
}
