import { PAGES } from "@common/pages.ts";
import { lazy, Suspense } from "react";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { WhenInView } from "@/components/ui/when-in-view.tsx";
import { US_CITIES } from "@/features/cities-map/us-cities.ts";
import { ContactSection } from "@/features/contact/contact-section.tsx";
import { AboutSection } from "@/features/landing/about-section.tsx";
import { CitiesSection } from "@/features/landing/cities-section.tsx";
import { CommunitySection } from "@/features/landing/community-section.tsx";
import { FeaturesSection } from "@/features/landing/features-section.tsx";
import { Hero } from "@/features/landing/hero.tsx";
import { JoinSection } from "@/features/landing/join-section.tsx";
import { LandingFooter } from "@/features/landing/landing-footer.tsx";
import { TestimonialsSection } from "@/features/landing/testimonials-section.tsx";
import { useScrollToHash } from "@/features/landing/use-scroll-to-hash.ts";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

// Leaflet is the heaviest part of the page: the hero and its counters do not wait for it, and
// it loads when its box scrolls into view (just below the first screen on phones and laptops).
const CitiesMap = lazy(() => import("@/features/cities-map/cities-map.tsx"));

/** Spec §2 "Landing page": the sections in the spec's order. */
export default function LandingPage() {
  useDocumentTitle(PAGES.landing.title);
  useScrollToHash();
  return (
    <>
      <Hero />
      <CitiesSection cityCount={US_CITIES.length}>
        <WhenInView fallback={<Skeleton className="h-96 w-full rounded-xl" />}>
          <Suspense fallback={<Skeleton className="h-96 w-full rounded-xl" />}>
            <CitiesMap cities={US_CITIES} />
          </Suspense>
        </WhenInView>
      </CitiesSection>
      <FeaturesSection />
      <TestimonialsSection />
      <CommunitySection />
      <JoinSection />
      <AboutSection />
      <ContactSection />
      <LandingFooter />
    </>
  );
}
