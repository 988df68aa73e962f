import { useIsMutating, useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { toast } from "@/components/ui/use-toast.ts";
import type { GameViewer } from "../game-viewer.ts";
import { gameLineQuery } from "./game-line-query.ts";

export const PROMOTED = {
  title: "You're in!",
  description: "A spot opened up and it's yours. See you on the court!",
} as const;

/**
 * Tells a player on the page when the line gives them a spot (issue 31: only the button and
 * the bell changed). A seat that appears after they were in line, while no action of theirs
 * is running (their own Join has its own toast), is the line's doing.
 */
export function usePromotionNotice(gameId: number, viewer: GameViewer): void {
  // Reads what the waiting list's own query holds; never fetches by itself.
  const line = useQuery({ ...gameLineQuery(gameId), enabled: false });
  const acting = useIsMutating() > 0;
  const wasInLine = useRef(false);
  const inLine = (line.data?.position ?? null) !== null;
  const seated = viewer.seat !== undefined;
  useEffect(() => {
    if (inLine && !seated) wasInLine.current = true;
    if (!seated) return;
    if (wasInLine.current && !acting) toast(PROMOTED);
    wasInLine.current = false;
  }, [inLine, seated, acting]);
}
