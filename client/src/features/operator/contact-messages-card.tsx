import type { ContactMessage } from "@common/contact.ts";
import { useQuery } from "@tanstack/react-query";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/components/ui/card.tsx";
import { contactMessagesQuery } from "./operator-queries.ts";
import { formatWhen } from "./report-words.ts";

function MessageLine({ message }: { message: ContactMessage }) {
  return (
    <li className="space-y-1 py-3 text-sm">
      <p className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-medium">{message.subject}</span>
        <time dateTime={message.createdAt} className="text-muted-foreground">
          {formatWhen(message.createdAt)}
        </time>
      </p>
      <p className="text-muted-foreground">
        From {message.name} &lt;{message.email}&gt;
        {message.player && <> · signed in as {message.player.name}</>}
      </p>
      <p className="whitespace-pre-line">{message.message}</p>
    </li>
  );
}

/** The contact form's messages (appeals among them), newest first (decision 117). */
export function ContactMessagesCard() {
  const { data, isPending, isError } = useQuery(contactMessagesQuery());
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Messages</CardTitle>
        <CardDescription>
          From the contact form, newest first; answer them by e-mail.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <p role="status">Loading the messages...</p>
        ) : isError ? (
          <p role="alert">Could not load the messages. Please try again.</p>
        ) : data.length === 0 ? (
          <p className="text-muted-foreground">No messages yet.</p>
        ) : (
          <ul aria-label="Contact messages" className="divide-y">
            {data.map((message) => (
              <MessageLine key={message.id} message={message} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
