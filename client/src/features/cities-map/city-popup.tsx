import { PRODUCT_NAME } from "@common/constants.ts";
import { Badge } from "@/components/ui/badge.tsx";
import { BasketballIcon } from "@/components/ui/basketball-icon.tsx";
import { formatCount } from "@/lib/format-count.ts";
import type { City } from "./us-cities.ts";

function StatTile({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg bg-accent px-2 py-2 text-center">
      <dt className="text-xs font-medium text-accent-foreground">{label}</dt>
      <dd className="text-lg font-bold text-foreground">{formatCount(value)}</dd>
    </div>
  );
}

/** A city marker's popup (product §2 "Cities map widget"). */
export function CityPopup({ city }: { city: City }) {
  return (
    <div className="city-popup min-w-[220px] space-y-3">
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand text-white">
          <BasketballIcon className="size-6" />
        </span>
        <div>
          <h3 className="text-base font-bold leading-tight">{city.name}</h3>
          <p className="text-xs text-muted-foreground">{`${PRODUCT_NAME} Location`}</p>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-2">
        <StatTile label="Active Bros" value={city.players} />
        <StatTile label="Courts" value={city.courts} />
      </dl>
      <div className="text-center">
        <Badge className="bg-green-700">LIVE - Coming Soon</Badge>
      </div>
    </div>
  );
}
