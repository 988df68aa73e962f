import { useQuery } from "@tanstack/react-query";
import { Crown } from "lucide-react";
import { Link } from "wouter";
import { crownsQuery } from "./court-kings-queries.ts";

/** On the player's profile: the courts they rule now (nothing when none). */
export function CrownsBanner() {
  const { data: crowns } = useQuery(crownsQuery);
  if (!crowns?.length) return null;
  return (
    <section
      aria-labelledby="crowns-heading"
      className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <h2 id="crowns-heading" className="flex items-center gap-2 font-semibold">
        <Crown className="size-5 fill-amber-400 text-amber-600" aria-hidden="true" />
        Court King
      </h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {crowns.map((crown) => (
          <li key={crown.courtId}>
            <Link
              href={`/courts/${crown.courtId}`}
              className="inline-flex rounded-full bg-white px-3 py-1 text-sm font-medium underline-offset-4 hover:underline"
            >
              {crown.courtName} · {crown.points} pts
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
