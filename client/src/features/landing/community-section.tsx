import { ExternalLink, MessageCircle } from "lucide-react";
import { Button } from "@/components/ui/button.tsx";

/** Placeholder invite: replace with the community's real Discord invite before launch. */
export const DISCORD_INVITE_URL = "https://discord.gg/ballwiththebros";

/** The chat-community invitation (product §2): the invite opens in a new tab. */
export function CommunitySection() {
  return (
    <section aria-labelledby="community-title" className="bg-slate-900 text-white">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-6 px-4 py-16 text-center md:py-20">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-indigo-500">
          <MessageCircle className="size-7" aria-hidden="true" />
        </span>
        <h2 id="community-title" className="text-3xl font-bold tracking-tight md:text-4xl">
          Join the Conversation
        </h2>
        <p className="max-w-2xl text-lg text-slate-300">
          Find a run tonight, trade court tips and meet bros before launch in our Discord server.
        </p>
        <Button asChild size="lg" className="bg-indigo-600 text-white hover:bg-indigo-700">
          <a href={DISCORD_INVITE_URL} target="_blank" rel="noopener noreferrer">
            Join Discord Server
            <ExternalLink aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </Button>
      </div>
    </section>
  );
}
