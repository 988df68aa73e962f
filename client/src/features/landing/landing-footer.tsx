import { PRODUCT_NAME } from "@common/constants.ts";

export function LandingFooter() {
  return (
    <footer className="border-t">
      <div className="mx-auto max-w-6xl px-4 py-8 text-sm text-muted-foreground">
        <p className="font-semibold text-foreground">{PRODUCT_NAME}</p>
        <p className="mt-1">
          Find courts, connect with players and elevate your basketball experience.
        </p>
      </div>
    </footer>
  );
}
