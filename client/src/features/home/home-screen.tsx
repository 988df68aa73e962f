import type { ReactNode } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs.tsx";

export type HomeTab = "discover" | "games" | "training" | "profile";

const TABS: { value: HomeTab; label: string }[] = [
  { value: "discover", label: "Discover" },
  { value: "games", label: "My Games" },
  { value: "training", label: "Training" },
  { value: "profile", label: "Profile" },
];

type HomeScreenProps = { tab: HomeTab; onTabChange: (tab: HomeTab) => void } & Record<
  HomeTab,
  ReactNode
>;

/** Spec §2 "Mobile-style home screen": four tabs; the page starts it on discover. */
export function HomeScreen({ tab, onTabChange, ...panels }: HomeScreenProps) {
  return (
    <Tabs value={tab} onValueChange={(value) => onTabChange(value as HomeTab)}>
      <TabsList className="grid h-auto w-full grid-cols-4">
        {TABS.map(({ value, label }) => (
          <TabsTrigger key={value} value={value} className="px-1 text-xs sm:text-sm">
            {label}
          </TabsTrigger>
        ))}
      </TabsList>
      {TABS.map(({ value }) => (
        <TabsContent key={value} value={value} className="space-y-6">
          {panels[value]}
        </TabsContent>
      ))}
    </Tabs>
  );
}
