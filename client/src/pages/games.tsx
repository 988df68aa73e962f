import { PAGES } from "@common/pages.ts";
import { Link, useSearchParams } from "wouter";
import { Button } from "@/components/ui/button.tsx";
import { Page, PageHeader } from "@/components/ui/page.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs.tsx";
import { GamesFinder } from "@/features/games/games-finder.tsx";
import { OrganizedGames, YourGames } from "@/features/games/my-games-panels.tsx";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

const TABS = {
  find: "Find Games",
  yours: "Your Games",
  organized: "Games You Organize",
} as const;
type GamesTab = keyof typeof TABS;
const isTab = (value: string | null): value is GamesTab =>
  value !== null && Object.hasOwn(TABS, value);

/** /games: find upcoming games, and the player's own; the tab is in the URL so Back keeps it. */
export default function GamesPage() {
  useDocumentTitle(PAGES.games.title);
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab: GamesTab = isTab(requested) ? requested : "find";
  const show = (next: GamesTab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === "find") updated.delete("tab");
        else updated.set("tab", next);
        return updated;
      },
      { replace: true },
    );

  return (
    <Page>
      <div className="flex flex-wrap items-start justify-between gap-x-4">
        <PageHeader
          title="Join pickup games"
          description="Find a run near you, or start your own."
        />
        <Button asChild className="mb-6">
          <Link href="/games/create">Create Game</Link>
        </Button>
      </div>
      <Tabs value={tab} onValueChange={(value) => show(value as GamesTab)}>
        <TabsList className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:w-auto">
          {Object.entries(TABS).map(([value, label]) => (
            <TabsTrigger
              key={value}
              value={value}
              className="whitespace-normal px-2 text-xs sm:text-sm"
            >
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {Object.entries(TABS).map(([value, label]) => (
          <TabsContent key={value} value={value} className="space-y-4">
            {/* The tab names the panel on screen; the heading keeps the outline h1 → h2 → h3. */}
            <h2 className="sr-only">{label}</h2>
            {value === "find" && <GamesFinder />}
            {value === "yours" && <YourGames onFindGames={() => show("find")} />}
            {value === "organized" && <OrganizedGames />}
          </TabsContent>
        ))}
      </Tabs>
    </Page>
  );
}
