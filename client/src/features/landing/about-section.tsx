import { PRODUCT_NAME } from "@common/constants.ts";
import { formatCount } from "@/lib/format-count.ts";
import { LandingSection } from "./landing-section.tsx";
import { useMetrics } from "./metrics-query.ts";

const isCount = (value: unknown): value is number =>
  typeof value === "number" && Number.isFinite(value);

/**
 * Spec §1's claims. "Courts mapped" counts the real courts (the issue: the product must not
 * claim 10K+ while it has 21); the other two are the spec's pre-launch claims.
 */
function useClaims() {
  const { data } = useMetrics();
  const courts = data?.totalCourts;
  return [
    { value: isCount(courts) ? formatCount(courts) : "…", label: "Courts mapped" },
    { value: "50K+", label: "Players" },
    { value: "24h", label: "Reply to every message" },
  ];
}

export function AboutSection() {
  const claims = useClaims();
  return (
    <LandingSection
      id="about"
      title="About"
      intro={`${PRODUCT_NAME} is a community for everyday basketball players. We map the courts, match you with bros of your level and keep score, so all you have to do is show up and hoop.`}
    >
      <p className="max-w-3xl text-muted-foreground">
        We are in pre-launch: join the waitlist and we will let you know as soon as your city goes
        live.
      </p>
      <dl className="mt-8 grid grid-cols-3 gap-3 sm:gap-4">
        {claims.map(({ value, label }) => (
          <div
            key={label}
            className="flex flex-col-reverse justify-end rounded-xl border p-4 sm:p-6"
          >
            <dt className="text-sm text-muted-foreground sm:text-base">{label}</dt>
            <dd className="text-2xl font-extrabold text-primary sm:text-4xl">{value}</dd>
          </div>
        ))}
      </dl>
    </LandingSection>
  );
}
