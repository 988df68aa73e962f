import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/use-toast.ts";
import { apiRequest } from "@/lib/api.ts";
import { favoriteCourtsQuery } from "./favorite-courts-query.ts";

type Toggle = { courtId: number; favorite: boolean };

const withFavorite = (ids: number[] = [], { courtId, favorite }: Toggle) =>
  favorite
    ? [...new Set([...ids, courtId])].sort((a, b) => a - b)
    : ids.filter((id) => id !== courtId);

/**
 * Favorite or unfavorite a court. The button changes at once (optimistic); if the server
 * refuses, only that court's change is undone (a snapshot could undo another court toggled
 * meanwhile) and a destructive toast says so.
 */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  const key = favoriteCourtsQuery.queryKey;
  return useMutation({
    mutationFn: ({ courtId, favorite }: Toggle) =>
      apiRequest(favorite ? "PUT" : "DELETE", `/api/courts/${courtId}/favorite`),
    onMutate: async (toggle) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData(key, (ids) => withFavorite(ids, toggle));
    },
    onError: (_error, toggle) => {
      queryClient.setQueryData(key, (ids) =>
        withFavorite(ids, { ...toggle, favorite: !toggle.favorite }),
      );
      toast({
        variant: "destructive",
        title: "Error",
        description: "Failed to update your favorite courts. Please try again.",
      });
    },
  });
}
