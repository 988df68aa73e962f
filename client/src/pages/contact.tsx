import { PAGES } from "@common/pages.ts";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/components/ui/card.tsx";
import { Page, PageHeader } from "@/components/ui/page.tsx";
import { ContactForm } from "@/features/contact/contact-form.tsx";
import { FaqCards } from "@/features/contact/faq-cards.tsx";
import { OfficeCards } from "@/features/contact/office-cards.tsx";
import { REPLY_PROMISE } from "@/features/contact/office-details.ts";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

export default function ContactPage() {
  useDocumentTitle(PAGES.contact.title);
  return (
    <Page>
      <PageHeader
        title="Contact Us"
        description="Questions, ideas or a court we are missing? We'd love to hear from you."
      />
      <div className="grid gap-6 lg:grid-cols-[2fr_3fr]">
        <OfficeCards />
        <Card>
          <CardHeader>
            <CardTitle as="h2">Send Us a Message</CardTitle>
            <CardDescription>{REPLY_PROMISE}</CardDescription>
            {/* Suspended and banned players are sent here (common/moderation.ts). */}
            <p className="text-sm">
              <span className="font-medium">Appeals:</span> if an operator hid something you wrote,
              or suspended or banned your account, and you think it was a mistake, send us a message
              below with "Appeal" as the subject and the email of your account.
            </p>
          </CardHeader>
          <CardContent>
            <ContactForm />
          </CardContent>
        </Card>
      </div>
      <FaqCards />
    </Page>
  );
}
