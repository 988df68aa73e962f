import type { Court } from "@common/courts.ts";
import { useMemo, useState } from "react";
import type { SignUpAction } from "@/components/sign-up-dialog.tsx";
import { useAuth } from "@/lib/auth/use-auth.ts";
import { useCheckInDialog } from "@/lib/use-check-in-dialog.ts";
import { useFavoriteCourtIds } from "./favorite-courts-query.ts";
import { useToggleFavorite } from "./use-toggle-favorite.ts";

export type CourtActions = ReturnType<typeof useCourtActions>;

/**
 * Favorite Court, Join Game and Check In for cards and the side panel. Signed out, each opens
 * the sign-up dialog (product §2, §6); signed in, favorite toggles a stored favorite, join lists
 * the court's upcoming games and check in opens the Check into Court dialog.
 */
export function useCourtActions() {
  const { isAuthenticated } = useAuth();
  const favoriteIds = useFavoriteCourtIds(isAuthenticated);
  const toggleFavorite = useToggleFavorite();
  const [signUpAction, setSignUpAction] = useState<SignUpAction | null>(null);
  const [gamesCourt, setGamesCourt] = useState<Court | null>(null);
  const checkInDialog = useCheckInDialog();

  const { mutate } = toggleFavorite;
  const { openFor, dialogProps } = checkInDialog;
  // One object while nothing it holds changes: the directory's cards are memoized on it, so a
  // pan of the map does not render every card again (issue 13, long tasks while panning).
  return useMemo(
    () => ({
      isAuthenticated,
      isFavorite: (court: Court) => favoriteIds.has(court.id),
      favorite(court: Court) {
        if (!isAuthenticated) return setSignUpAction("favorite courts");
        mutate({ courtId: court.id, favorite: !favoriteIds.has(court.id) });
      },
      joinGame(court: Court) {
        if (!isAuthenticated) return setSignUpAction("join games");
        setGamesCourt(court);
      },
      /** Signed in, the Check into Court dialog for this court (product §2, §4). */
      checkIn(court: Court) {
        if (!isAuthenticated) return setSignUpAction("check in");
        openFor(court);
      },
      checkInDialogProps: dialogProps,
      signUpAction,
      closeSignUp: () => setSignUpAction(null),
      gamesCourt,
      closeGames: () => setGamesCourt(null),
    }),
    [isAuthenticated, favoriteIds, mutate, openFor, dialogProps, signUpAction, gamesCourt],
  );
}
