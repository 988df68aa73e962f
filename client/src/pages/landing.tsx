import { signIn } from "@/features/auth/auth-navigation.ts";
import { useAuth } from "@/features/auth/use-auth.ts";
import { Hero } from "@/features/landing/hero.tsx";
import { LandingFooter } from "@/features/landing/landing-footer.tsx";
import {
  AboutSection,
  ContactSection,
  FeaturesSection,
} from "@/features/landing/landing-sections.tsx";
import { useScrollToHash } from "@/features/landing/use-scroll-to-hash.ts";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

export default function LandingPage() {
  useDocumentTitle();
  useScrollToHash();
  const { isAuthenticated } = useAuth();
  return (
    <>
      <Hero onGetStarted={isAuthenticated ? undefined : signIn} />
      <FeaturesSection />
      <AboutSection />
      <ContactSection />
      <LandingFooter />
    </>
  );
}
