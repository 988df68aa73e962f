/** A city on the cities map (product §3 "City (map widget)"); players and courts are its counts. */
export type City = {
  name: string;
  /** Two-letter state (or DC) code. */
  state: string;
  emoji: string;
  lat: number;
  lng: number;
  players: number;
  courts: number;
};

/**
 * The landing page's 16 cities (product §2, §9), all "coming soon". Chosen to spread across the
 * country so that 44 px markers at zoom 4 barely overlap; the counts are illustrative.
 */
export const US_CITIES: readonly City[] = [
  {
    name: "Los Angeles",
    state: "CA",
    emoji: "🌴",
    lat: 34.0522,
    lng: -118.2437,
    players: 1240,
    courts: 86,
  },
  {
    name: "San Francisco",
    state: "CA",
    emoji: "🌉",
    lat: 37.7749,
    lng: -122.4194,
    players: 720,
    courts: 52,
  },
  {
    name: "Seattle",
    state: "WA",
    emoji: "☕",
    lat: 47.6062,
    lng: -122.3321,
    players: 430,
    courts: 36,
  },
  {
    name: "Las Vegas",
    state: "NV",
    emoji: "🎲",
    lat: 36.1699,
    lng: -115.1398,
    players: 300,
    courts: 24,
  },
  {
    name: "Phoenix",
    state: "AZ",
    emoji: "🌵",
    lat: 33.4484,
    lng: -112.074,
    players: 410,
    courts: 33,
  },
  {
    name: "Denver",
    state: "CO",
    emoji: "🏔️",
    lat: 39.7392,
    lng: -104.9903,
    players: 350,
    courts: 31,
  },
  {
    name: "Dallas",
    state: "TX",
    emoji: "🤠",
    lat: 32.7767,
    lng: -96.797,
    players: 590,
    courts: 45,
  },
  {
    name: "Houston",
    state: "TX",
    emoji: "🚀",
    lat: 29.7604,
    lng: -95.3698,
    players: 640,
    courts: 48,
  },
  {
    name: "Minneapolis",
    state: "MN",
    emoji: "❄️",
    lat: 44.9778,
    lng: -93.265,
    players: 380,
    courts: 35,
  },
  {
    name: "New Orleans",
    state: "LA",
    emoji: "🎷",
    lat: 29.9511,
    lng: -90.0715,
    players: 330,
    courts: 28,
  },
  {
    name: "Chicago",
    state: "IL",
    emoji: "🌭",
    lat: 41.8781,
    lng: -87.6298,
    players: 960,
    courts: 71,
  },
  {
    name: "Atlanta",
    state: "GA",
    emoji: "🍑",
    lat: 33.749,
    lng: -84.388,
    players: 680,
    courts: 47,
  },
  {
    name: "Miami",
    state: "FL",
    emoji: "🦩",
    lat: 25.7617,
    lng: -80.1918,
    players: 610,
    courts: 39,
  },
  {
    name: "Washington",
    state: "DC",
    emoji: "🏛️",
    lat: 38.9072,
    lng: -77.0369,
    players: 560,
    courts: 44,
  },
  {
    name: "New York",
    state: "NY",
    emoji: "🗽",
    lat: 40.7128,
    lng: -74.006,
    players: 1580,
    courts: 112,
  },
  {
    name: "Boston",
    state: "MA",
    emoji: "🦞",
    lat: 42.3601,
    lng: -71.0589,
    players: 540,
    courts: 42,
  },
];

/** "Los Angeles, CA": the marker's accessible name. */
export const cityLabel = (city: Pick<City, "name" | "state">) => `${city.name}, ${city.state}`;
