import { AREAS } from "@common/constants.ts";

type CityOf = { city: string | null; state: string | null } | null | undefined;

/**
 * The area select's options (product §2 lists seven Los Angeles areas). A player who lives
 * elsewhere also gets their own city ("Austin, TX"), and a saved location that is no longer
 * offered stays choosable, so editing never silently drops it.
 */
export function locationOptions(user: CityOf, saved?: string | null): string[] {
  const options: string[] = [...AREAS];
  const add = (value: string | undefined) => {
    if (value && !options.includes(value)) options.push(value);
  };
  const city = user?.city?.trim();
  // Los Angeles itself is what the seven areas already describe.
  if (city && city.toLowerCase() !== "los angeles") {
    add(user?.state ? `${city}, ${user.state}` : city);
  }
  add(saved?.trim());
  return options;
}
