import type { GameWeather } from "@common/weather.ts";
import { queryOptions } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api.ts";

/** GET /api/games/{id}/weather: public; the forecast the server has cached, never a fetch. */
export const gameWeatherQuery = (gameId: number) =>
  queryOptions({
    queryKey: [`/api/games/${gameId}/weather`],
    queryFn: getQueryFn<GameWeather>({ on401: "throw" }),
  });
