import type { CalendarFeed } from "@common/calendar-feed.ts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarPlus, Copy, RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/components/ui/card.tsx";
import { Input } from "@/components/ui/input.tsx";
import { Label } from "@/components/ui/label.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { toast } from "@/components/ui/use-toast.ts";
import { apiRequest } from "@/lib/api.ts";

/** GET /api/calendar-feed: the player's private address (made on first asking). */
export const calendarFeedQuery = queryOptions<CalendarFeed>({ queryKey: ["/api/calendar-feed"] });

/** Settings → Subscribe in your calendar: the private feed of the player's games. */
export function CalendarFeedCard() {
  const feed = useQuery(calendarFeedQuery);
  const queryClient = useQueryClient();
  const reset = useMutation({
    mutationFn: async () =>
      (await (await apiRequest("POST", "/api/calendar-feed/reset")).json()) as CalendarFeed,
    onSuccess: (fresh) => {
      queryClient.setQueryData(calendarFeedQuery.queryKey, fresh);
      toast({
        title: "New calendar address",
        description: "The old one no longer works. Subscribe again with this one.",
      });
    },
    onError: () =>
      toast({
        variant: "destructive",
        title: "Reset link",
        description: "The address could not be reset. Please try again.",
      }),
  });

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Calendar address copied" });
    } catch {
      toast({
        variant: "destructive",
        title: "Copy",
        description: "The address could not be copied. Select it and copy it yourself.",
      });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Subscribe in your calendar</CardTitle>
        <CardDescription>
          Your games, the ones you play in and the ones you organize, in your phone's or computer's
          calendar, kept up to date. Keep this address to yourself: anyone who has it sees your
          games.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {feed.isPending && <Skeleton className="h-10" />}
        {feed.isError && (
          <p role="alert" className="text-sm text-destructive">
            Your calendar address could not be loaded.
          </p>
        )}
        {feed.data && (
          <>
            <div className="grid gap-2">
              <Label htmlFor="calendar-feed-url">Calendar address</Label>
              <Input
                id="calendar-feed-url"
                readOnly
                value={feed.data.url}
                onFocus={(event) => event.currentTarget.select()}
              />
            </div>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => void copy(feed.data.url)}>
                <Copy aria-hidden="true" />
                Copy
              </Button>
              <Button variant="outline" asChild>
                <a href={feed.data.webcalUrl}>
                  <CalendarPlus aria-hidden="true" />
                  Open in calendar app
                </a>
              </Button>
              <Button variant="outline" onClick={() => reset.mutate()} disabled={reset.isPending}>
                <RefreshCw aria-hidden="true" />
                Reset link
              </Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
