import { MESSAGE_MAX } from "@common/games.ts";
import { type RunMessageAnswer, runMessageInputSchema } from "@common/organizer-tools.ts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { Label } from "@/components/ui/label.tsx";
import { apiErrorOf, apiRequest } from "@/lib/api.ts";
import { useAuth } from "@/lib/auth/use-auth.ts";
import { runQuery } from "./run-query.ts";

/** A box on the run page for its organizer: one message to every regular (decision 104). */
export function MessageRegulars({ runId }: { runId: number }) {
  const id = useId();
  const { user } = useAuth();
  const run = useQuery(runQuery(runId));
  const [body, setBody] = useState("");
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState<string>();
  const send = useMutation({
    mutationFn: async (input: { body: string }): Promise<RunMessageAnswer> =>
      (await apiRequest("POST", `/api/runs/${runId}/message`, input)).json(),
  });
  if (!user || !run.data || run.data.organizerId !== user.id || run.data.status !== "active") {
    return null;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setSent(undefined);
    const parsed = runMessageInputSchema.safeParse({ body });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    send.mutate(parsed.data, {
      onSuccess: ({ told }) => {
        setBody("");
        setSent(`Sent to ${told} ${told === 1 ? "regular" : "regulars"}.`);
      },
      onError: (failure) =>
        setError(apiErrorOf(failure)?.message ?? "Could not send the message. Please try again."),
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Message the regulars</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid gap-2">
          <Label htmlFor={id}>Message to every regular</Label>
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
          {sent && <p role="status">{sent}</p>}
          <Button type="submit" className="justify-self-end" disabled={send.isPending}>
            {send.isPending ? "Sending..." : "Send to regulars"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
