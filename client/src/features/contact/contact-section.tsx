import { ArrowRight } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button.tsx";
import { OfficeContactList } from "./office-contact-list.tsx";
import { REPLY_PROMISE } from "./office-details.ts";

/** The landing page's contact section (anchor #contact): placeholders of product §2. */
export function ContactSection() {
  return (
    <section id="contact" aria-labelledby="contact-title" className="scroll-mt-16 bg-muted">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-16 md:grid-cols-2 md:py-20">
        <div>
          <h2 id="contact-title" className="text-3xl font-bold tracking-tight md:text-4xl">
            Contact
          </h2>
          <p className="mt-3 text-lg text-muted-foreground">
            Questions, ideas, or a court we should know about? {REPLY_PROMISE}
          </p>
          <Button asChild size="lg" className="mt-6">
            <Link href="/contact">
              Send Us a Message
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
        <OfficeContactList className="rounded-xl border bg-background p-6" />
      </div>
    </section>
  );
}
