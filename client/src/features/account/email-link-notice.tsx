import { useSearch } from "wouter";

const NOTICES: Record<string, string> = {
  confirmed: "Your e-mail address is confirmed.",
  changed: "Your e-mail address was changed and is confirmed.",
};

/** Where a confirmation link lands (/settings?email=…): says what the link did. */
export function EmailLinkNotice() {
  const outcome = new URLSearchParams(useSearch()).get("email") ?? "";
  const notice = NOTICES[outcome];
  if (!notice) return null;
  return (
    <p role="status" className="rounded-lg border border-green-300 bg-green-50 p-4 text-green-900">
      {notice}
    </p>
  );
}
