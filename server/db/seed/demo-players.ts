import type { Position } from "../../../common/constants.ts";
import type { Area } from "./demo-courts.ts";

export const DEMO_EMAIL_DOMAIN = "demo.ballwiththebros.app";

export interface DemoPlayer {
  /** Stable handle the demo games refer to; the e-mail is `${key}@${DEMO_EMAIL_DOMAIN}`. */
  key: string;
  firstName: string;
  lastName: string;
  nickname: string;
  primaryPosition: Position;
  secondaryPosition: Position | null;
  /** Skills 1–5: handles, shot, IQ, vert (athleticism), defense. */
  skills: readonly [handles: number, shot: number, iq: number, vert: number, defense: number];
  /** The profile's location, one of the spec's LA areas. */
  area: Area;
  latitude: number;
  longitude: number;
  isAvailable: boolean;
}

/**
 * Fictional players. They get no credentials: nobody can sign in as them.
 * gamesPlayed, courtsVisited and brosConnected are derived from the demo games.
 */
export const DEMO_PLAYERS: readonly DemoPlayer[] = [
  {
    key: "marcus.reed",
    firstName: "Marcus",
    lastName: "Reed",
    nickname: "Showtime",
    primaryPosition: "Point Guard",
    secondaryPosition: "Shooting Guard",
    skills: [5, 4, 4, 3, 3],
    area: "Venice Beach",
    latitude: 33.9912,
    longitude: -118.4662,
    isAvailable: true,
  },
  {
    key: "darnell.brooks",
    firstName: "Darnell",
    lastName: "Brooks",
    nickname: "D-Train",
    primaryPosition: "Small Forward",
    secondaryPosition: "Power Forward",
    skills: [3, 4, 4, 5, 4],
    area: "Downtown LA",
    latitude: 34.0452,
    longitude: -118.2515,
    isAvailable: true,
  },
  {
    key: "luis.ramirez",
    firstName: "Luis",
    lastName: "Ramirez",
    nickname: "Lu Buckets",
    primaryPosition: "Shooting Guard",
    secondaryPosition: "Small Forward",
    skills: [4, 5, 3, 3, 3],
    area: "Hollywood",
    latitude: 34.0961,
    longitude: -118.3301,
    isAvailable: true,
  },
  {
    key: "chris.park",
    firstName: "Chris",
    lastName: "Park",
    nickname: "Park Ave",
    primaryPosition: "Point Guard",
    secondaryPosition: null,
    skills: [4, 4, 5, 2, 3],
    area: "Westwood",
    latitude: 34.0625,
    longitude: -118.4432,
    isAvailable: true,
  },
  {
    key: "maya.robinson",
    firstName: "Maya",
    lastName: "Robinson",
    nickname: "Mayhem",
    primaryPosition: "Point Guard",
    secondaryPosition: "Shooting Guard",
    skills: [5, 4, 4, 3, 4],
    area: "Santa Monica",
    latitude: 34.0219,
    longitude: -118.4867,
    isAvailable: false,
  },
  {
    key: "jamal.carter",
    firstName: "Jamal",
    lastName: "Carter",
    nickname: "Hops",
    primaryPosition: "Power Forward",
    secondaryPosition: "Center",
    skills: [2, 3, 3, 5, 5],
    area: "Pasadena",
    latitude: 34.1512,
    longitude: -118.1398,
    isAvailable: true,
  },
  {
    key: "ben.cohen",
    firstName: "Ben",
    lastName: "Cohen",
    nickname: "Benny Boards",
    primaryPosition: "Center",
    secondaryPosition: null,
    skills: [2, 2, 4, 3, 5],
    area: "Beverly Hills",
    latitude: 34.0697,
    longitude: -118.3972,
    isAvailable: false,
  },
  {
    key: "tyrell.washington",
    firstName: "Tyrell",
    lastName: "Washington",
    nickname: "T-Wash",
    primaryPosition: "Small Forward",
    secondaryPosition: "Shooting Guard",
    skills: [3, 3, 3, 4, 4],
    area: "Downtown LA",
    latitude: 34.0398,
    longitude: -118.2551,
    isAvailable: true,
  },
  {
    key: "kenji.tanaka",
    firstName: "Kenji",
    lastName: "Tanaka",
    nickname: "Splash",
    primaryPosition: "Shooting Guard",
    secondaryPosition: null,
    skills: [3, 5, 4, 2, 2],
    area: "Santa Monica",
    latitude: 34.0287,
    longitude: -118.4754,
    isAvailable: true,
  },
  {
    key: "sam.okafor",
    firstName: "Sam",
    lastName: "Okafor",
    nickname: "Big Sam",
    primaryPosition: "Center",
    secondaryPosition: "Power Forward",
    skills: [2, 2, 3, 4, 5],
    area: "Westwood",
    latitude: 34.0589,
    longitude: -118.4501,
    isAvailable: false,
  },
  {
    key: "diego.morales",
    firstName: "Diego",
    lastName: "Morales",
    nickname: "El Flaco",
    primaryPosition: "Small Forward",
    secondaryPosition: null,
    skills: [3, 3, 4, 4, 3],
    area: "Hollywood",
    latitude: 34.0899,
    longitude: -118.3412,
    isAvailable: true,
  },
  {
    key: "jordan.mitchell",
    firstName: "Jordan",
    lastName: "Mitchell",
    nickname: "J-Mitch",
    primaryPosition: "Shooting Guard",
    secondaryPosition: "Point Guard",
    skills: [4, 4, 3, 3, 3],
    area: "Pasadena",
    latitude: 34.1453,
    longitude: -118.1489,
    isAvailable: false,
  },
];
