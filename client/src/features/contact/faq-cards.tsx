import { PRODUCT_NAME } from "@common/constants.ts";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.tsx";

/** Spec §2: three FAQ cards on the contact page. */
const FAQS = [
  {
    question: `When is ${PRODUCT_NAME} coming to my city?`,
    answer:
      "We're launching city by city. Join the waitlist and we'll tell you the moment your city goes live.",
  },
  {
    question: `Does ${PRODUCT_NAME} cost anything?`,
    answer:
      "No. Finding courts, joining pickup games and tracking your stats is free for every player.",
  },
  {
    question: "A court is missing from the map. Can you add it?",
    answer:
      "Absolutely. Send us its name and address with the form above and we'll put it on the map.",
  },
] as const;

export function FaqCards() {
  return (
    <section aria-labelledby="faq-title" className="mt-12">
      <h2 id="faq-title" className="text-2xl font-bold tracking-tight">
        Frequently Asked Questions
      </h2>
      <ul className="mt-6 grid gap-4 md:grid-cols-3">
        {FAQS.map(({ question, answer }) => (
          <li key={question}>
            <Card className="h-full">
              <CardHeader>
                <CardTitle className="leading-snug">{question}</CardTitle>
                <CardDescription className="text-base">{answer}</CardDescription>
              </CardHeader>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
