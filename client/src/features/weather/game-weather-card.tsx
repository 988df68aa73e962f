import type { Game } from "@common/games.ts";
import {
  formatClockTime,
  formatForecast,
  WEATHER_CREDIT,
  WEATHER_CREDIT_URL,
} from "@common/weather-text.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CloudSun, Sunset, TriangleAlert } from "lucide-react";
import { Button } from "@/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.tsx";
import { toast } from "@/components/ui/use-toast.ts";
import { apiErrorOf, apiRequest } from "@/lib/api.ts";
import { useAuth } from "@/lib/auth/use-auth.ts";
import { cn } from "@/lib/cn.ts";
import { gameQuery, refreshGame, useGame } from "@/lib/game-queries.ts";
import { gameWeatherQuery } from "./weather-queries.ts";

/** The organizer calls the date off for the weather: one tap, the games' own cancel. */
function useCallOff(gameId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<Game> =>
      (await apiRequest("POST", `/api/games/${gameId}/weather-call-off`)).json(),
    onSuccess: (game) => {
      queryClient.setQueryData(gameQuery(gameId).queryKey, game);
      toast({
        title: "Game called off",
        description: "Your players are told it is off for the weather.",
      });
    },
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Error",
        description: apiErrorOf(error)?.message ?? "Failed to call the game off. Please try again.",
      }),
    onSettled: () =>
      Promise.all([
        refreshGame(queryClient, gameId),
        queryClient.invalidateQueries({ queryKey: gameWeatherQuery(gameId).queryKey }),
      ]),
  });
}

/**
 * The weather at tip-off on a game's page (issue 32 point 8): the forecast at the start hour at
 * an outdoor court, in the viewer's units, with Open-Meteo's credit; for an unlit court, until
 * when there is light and a warning when the game ends after dark. Nothing for indoor courts,
 * games too far ahead, or when no forecast came.
 */
export function GameWeatherCard({ gameId, className }: { gameId: number; className?: string }) {
  const game = useGame(gameId).data;
  const weather = useQuery(gameWeatherQuery(gameId)).data;
  const { user } = useAuth();
  const callOff = useCallOff(gameId);
  if (!game || !weather) return null;
  if (weather.calledOff) {
    return (
      <p role="status" className={cn("font-medium", className)}>
        Called off for the weather.
      </p>
    );
  }
  const { forecast, daylight, units } = weather;
  if (!forecast && !daylight) return null;
  const timeZone = game.court.timeZone;
  const organizer = user?.id === game.organizerId && game.status === "open";
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <CloudSun className="size-5 text-primary" aria-hidden="true" />
          Weather at tip-off
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {forecast && (
          <div>
            <p className="font-medium">{formatForecast(forecast, units)}</p>
            <p className="text-xs text-muted-foreground">
              <a href={WEATHER_CREDIT_URL} target="_blank" rel="noreferrer" className="underline">
                {WEATHER_CREDIT}
              </a>
            </p>
          </div>
        )}
        {daylight?.sunset && (
          <p className="flex items-center gap-2">
            <Sunset className="size-4 text-primary" aria-hidden="true" />
            Light until {formatClockTime(daylight.sunset, timeZone)}
          </p>
        )}
        {daylight?.endsAfterDark && (
          <p role="note" className="flex items-center gap-2 font-medium text-destructive">
            <TriangleAlert className="size-4" aria-hidden="true" />
            Part of this game is after dark, and the court has no lights.
          </p>
        )}
        {organizer && (
          <Button variant="outline" disabled={callOff.isPending} onClick={() => callOff.mutate()}>
            {callOff.isPending ? "Calling off..." : "Call Off for Weather"}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
