import { type GameMessage, playerName } from "@common/games.ts";
import { useQuery } from "@tanstack/react-query";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { formatSentAt } from "./game-format.ts";
import { gameMessagesQuery } from "./game-queries.ts";

function MessageItem({ message }: { message: GameMessage }) {
  return (
    <li className="space-y-1 py-3">
      <p className="flex flex-wrap items-baseline justify-between gap-x-2">
        <span className="font-medium">{playerName(message.sender)}</span>
        <time dateTime={message.createdAt} className="text-sm text-muted-foreground">
          {formatSentAt(message.createdAt)}
        </time>
      </p>
      <p className="break-words whitespace-pre-line">{message.body}</p>
    </li>
  );
}

/** What players wrote to the organizer about this game, newest first (the API's order). */
export function OrganizerMessages({ gameId }: { gameId: number }) {
  const messages = useQuery(gameMessagesQuery(gameId));
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Messages from players</CardTitle>
      </CardHeader>
      <CardContent>
        {messages.isPending ? (
          <p role="status">Loading messages...</p>
        ) : messages.isError ? (
          <p role="alert">Could not load the messages. Please try again.</p>
        ) : messages.data.length === 0 ? (
          <p className="text-muted-foreground">No messages yet.</p>
        ) : (
          <ul aria-label="Messages from players" className="divide-y">
            {messages.data.map((m) => (
              <MessageItem key={m.id} message={m} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
