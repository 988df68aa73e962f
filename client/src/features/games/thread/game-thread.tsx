import { playerName } from "@common/game-limits.ts";
import { type GameMessage, MESSAGE_MAX, sendMessageInputSchema } from "@common/games.ts";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { Label } from "@/components/ui/label.tsx";
import { apiErrorOf } from "@/lib/api.ts";
import { useAuth } from "@/lib/auth/use-auth.ts";
import { formatSentAt } from "../game-format.ts";
import { useGameThread, useSendThreadMessage } from "./game-thread-query.ts";

/** What the page puts beside a message someone else wrote (Report). */
export type MessageAction = (message: GameMessage) => ReactNode;

function MessageItem({ message, action }: { message: GameMessage; action?: ReactNode }) {
  return (
    <li className="space-y-1 py-3">
      <p className="flex flex-wrap items-baseline justify-between gap-x-2">
        <span className="font-medium">{playerName(message.sender)}</span>
        <time dateTime={message.createdAt} className="text-sm text-muted-foreground">
          {formatSentAt(message.createdAt)}
        </time>
      </p>
      <p className="break-words whitespace-pre-line">{message.body}</p>
      {action && <div className="flex justify-end">{action}</div>}
    </li>
  );
}

function MessageForm({ gameId }: { gameId: number }) {
  const id = useId();
  const [body, setBody] = useState("");
  const [error, setError] = useState<string>();
  const send = useSendThreadMessage(gameId);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = sendMessageInputSchema.safeParse({ body });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    send.mutate(parsed.data, {
      onSuccess: () => setBody(""),
      onError: (failure) =>
        setError(apiErrorOf(failure)?.message ?? "Could not send the message. Please try again."),
    });
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-2">
      <Label htmlFor={id}>Message</Label>
      <textarea
        id={id}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        maxLength={MESSAGE_MAX}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="w-full rounded-md border border-input bg-background px-3 py-2 text-base placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 aria-invalid:border-destructive md:text-sm"
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <Button type="submit" className="justify-self-end" disabled={send.isPending}>
        {send.isPending ? "Sending..." : "Send"}
      </Button>
    </form>
  );
}

/**
 * The game's conversation for its organizer and seated players (the server refuses others, and
 * the page shows it only to them). Newest first; older messages on demand; new ones arrive live.
 */
export function GameThread({
  gameId,
  messageAction,
}: {
  gameId: number;
  messageAction?: MessageAction;
}) {
  const thread = useGameThread(gameId);
  const { user } = useAuth();
  const messages = thread.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Game chat</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <MessageForm gameId={gameId} />
        {thread.isPending ? (
          <p role="status">Loading messages...</p>
        ) : thread.isError ? (
          <p role="alert">Could not load the messages. Please try again.</p>
        ) : messages.length === 0 ? (
          <p className="text-muted-foreground">No messages yet. Say hi to your team.</p>
        ) : (
          <ul aria-label="Game chat messages" className="divide-y">
            {messages.map((m) => (
              <MessageItem
                key={m.id}
                message={m}
                action={m.sender.id !== user?.id ? messageAction?.(m) : undefined}
              />
            ))}
          </ul>
        )}
        {thread.hasNextPage && (
          <Button
            variant="outline"
            disabled={thread.isFetchingNextPage}
            onClick={() => void thread.fetchNextPage()}
          >
            {thread.isFetchingNextPage ? "Loading..." : "Load older messages"}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
