/**
 * Times of games are shown in their court's zone, with the zone named, so a player planning from
 * another city reads '6:30 PM PT' and not their own clock. US zones read as the familiar generic
 * abbreviation (PT, ET); elsewhere, where English has no short name, the UTC offset ('GMT+1').
 */
function zoneName(date: Date, timeZone: string): string {
  const part = (style: "shortGeneric" | "short") =>
    new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: style })
      .formatToParts(date)
      .find((p) => p.type === "timeZoneName")?.value ?? "";
  const generic = part("shortGeneric");
  return /^[A-Z]{1,5}$/.test(generic) ? generic : part("short");
}

/** '6:30 PM PT' */
export function formatZonedTime(date: Date | string, timeZone: string): string {
  const d = typeof date === "string" ? new Date(date) : date;
  const time = new Intl.DateTimeFormat("en-US", {
    hour: "numeric",
    minute: "2-digit",
    timeZone,
  }).format(d);
  return `${time} ${zoneName(d, timeZone)}`;
}

/** 'Sat, Nov 28' in the court's zone (the day can differ from the viewer's). */
export function formatZonedDay(date: Date | string, timeZone: string): string {
  const d = typeof date === "string" ? new Date(date) : date;
  return new Intl.DateTimeFormat("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    timeZone,
  }).format(d);
}
