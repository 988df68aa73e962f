import { PAGES } from "@common/pages.ts";
import { Page, PageHeader } from "@/components/ui/page.tsx";
import { EmailLinkNotice } from "@/features/account/email-link-notice.tsx";
import { SecurityCard } from "@/features/account/security-card.tsx";
import { SessionsCard } from "@/features/account/sessions-card.tsx";
import { YourDataCard } from "@/features/account/your-data-card.tsx";
import { MyReliabilityCard } from "@/features/attendance/my-reliability-card.tsx";
import { BlockedPlayersCard } from "@/features/blocks/blocked-players-card.tsx";
import { CalendarFeedCard } from "@/features/calendar-feed/calendar-feed-card.tsx";
import { PushSettings } from "@/features/notifications/push-settings.tsx";
import { LocationEditor } from "@/features/onboarding/location-editor.tsx";
import { OperatorLinkCard } from "@/features/operator/operator-link-card.tsx";
import { AccountSettings } from "@/features/settings/account-settings.tsx";
import { SettingsForm } from "@/features/settings/settings-form.tsx";
import { SignOutButton, SupportSettings } from "@/features/settings/support-settings.tsx";
import { useDocumentTitle } from "@/lib/use-document-title.ts";

export default function SettingsPage() {
  useDocumentTitle(PAGES.settings.title);
  return (
    <Page className="max-w-3xl">
      <PageHeader title="Settings" description="Manage your account, notifications and privacy." />
      <div className="grid gap-6">
        <EmailLinkNotice />
        {/* The city search and its save come from onboarding; the page puts them together. */}
        <AccountSettings location={<LocationEditor />} />
        <SettingsForm />
        <BlockedPlayersCard />
        <MyReliabilityCard />
        <PushSettings />
        <CalendarFeedCard />
        <SecurityCard />
        <SessionsCard />
        <YourDataCard />
        <OperatorLinkCard />
        <SupportSettings />
        <div className="border-t pt-6">
          <SignOutButton />
        </div>
      </div>
    </Page>
  );
}
