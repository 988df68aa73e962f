import { PAGES } from "@common/pages.ts";
import { useSearch } from "wouter";
import { Card, CardContent } from "@/components/ui/card.tsx";
import { Page, PageHeader } from "@/components/ui/page.tsx";
import { CreateGameForm } from "@/features/games/create-game-form.tsx";
import { GoNoGoFields } from "@/features/go-no-go/go-no-go-fields.tsx";
import { RepeatsFields } from "@/features/runs/repeats-fields.tsx";
import { useRepeats } from "@/features/runs/use-repeats.ts";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

/** `?courtId=` (from a court's games) starts the form on that court. */
function courtIdOf(search: string): number | undefined {
  const id = Number(new URLSearchParams(search).get("courtId"));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

export default function CreateGamePage() {
  useDocumentTitle(PAGES.createGame.title);
  const search = useSearch();
  // A game that repeats is a run (the runs feature), made instead of the one game.
  const { repeats, change, errors, submit } = useRepeats();
  return (
    <Page className="max-w-2xl">
      <PageHeader
        title="Create a Game"
        description="Pick a court and a time, and the bros will come."
      />
      <Card>
        <CardContent className="pt-6">
          <CreateGameForm
            courtId={courtIdOf(search)}
            extraFields={(form) => (
              <>
                <RepeatsFields form={form} repeats={repeats} errors={errors} change={change} />
                {!repeats.on && <GoNoGoFields form={form} />}
              </>
            )}
            submitInstead={submit}
            submitLabel={repeats.on ? "Create Run" : undefined}
          />
        </CardContent>
      </Card>
    </Page>
  );
}
