export interface DemoGame {
  /** "{day}" becomes the weekday (Los Angeles time) of the scheduled date. */
  title: string;
  court: string;
  organizer: string;
  /** Calendar days from today in Los Angeles: positive upcoming, negative finished. */
  dayOffset: number;
  /** Local (Los Angeles) wall-clock time. */
  hour: number;
  minute: number;
  maxPlayers: number;
  /** Players who joined besides the organizer, who is always a participant. */
  joined: readonly string[];
  /**
   * A finished game's recorded score, Team A then Team B. The organizer and every other player
   * in list order alternate between the teams (A, B, A, …). Without it: no result recorded yet.
   */
  score?: readonly [teamA: number, teamB: number];
}

/** Upcoming games are open; past ones are over (completed). Keys refer to demo-courts/players. */
export const DEMO_GAMES: readonly DemoGame[] = [
  // ── Upcoming ──
  {
    title: "{day} Evening Run at Venice",
    court: "venice-beach",
    organizer: "marcus.reed",
    dayOffset: 1,
    hour: 18,
    minute: 30,
    maxPlayers: 10,
    joined: [
      "maya.robinson",
      "kenji.tanaka",
      "luis.ramirez",
      "tyrell.washington",
      "diego.morales",
      "darnell.brooks",
    ],
  },
  {
    title: "{day} Morning Hoops at Pan Pacific",
    court: "pan-pacific",
    organizer: "luis.ramirez",
    dayOffset: 2,
    hour: 9,
    minute: 0,
    maxPlayers: 10,
    joined: ["diego.morales", "ben.cohen", "marcus.reed", "chris.park"],
  },
  {
    // Full: shows "Game Full".
    title: "{day} Night 5-on-5 at Westwood Rec",
    court: "westwood-rec",
    organizer: "chris.park",
    dayOffset: 3,
    hour: 19,
    minute: 0,
    maxPlayers: 10,
    joined: [
      "sam.okafor",
      "ben.cohen",
      "kenji.tanaka",
      "maya.robinson",
      "marcus.reed",
      "jordan.mitchell",
      "diego.morales",
      "luis.ramirez",
      "darnell.brooks",
    ],
  },
  {
    title: "{day} Morning Run at Memorial Park",
    court: "memorial-park",
    organizer: "maya.robinson",
    dayOffset: 5,
    hour: 10,
    minute: 0,
    maxPlayers: 8,
    joined: ["kenji.tanaka", "chris.park", "sam.okafor"],
  },
  {
    title: "{day} Evening Run at Villa-Parke",
    court: "villa-parke",
    organizer: "jamal.carter",
    dayOffset: 6,
    hour: 17,
    minute: 30,
    maxPlayers: 10,
    joined: ["jordan.mitchell", "tyrell.washington"],
  },
  {
    title: "{day} Early 3-on-3 at Roxbury Park",
    court: "roxbury",
    organizer: "ben.cohen",
    dayOffset: 9,
    hour: 8,
    minute: 0,
    maxPlayers: 6,
    joined: ["sam.okafor"],
  },
  // ── Finished ──
  {
    title: "{day} Sunset Run at Venice",
    court: "venice-beach",
    organizer: "marcus.reed",
    score: [21, 17],
    dayOffset: -2,
    hour: 18,
    minute: 0,
    maxPlayers: 10,
    joined: [
      "maya.robinson",
      "kenji.tanaka",
      "luis.ramirez",
      "diego.morales",
      "darnell.brooks",
      "tyrell.washington",
      "chris.park",
      "sam.okafor",
      "ben.cohen",
    ],
  },
  {
    title: "{day} Night Run at Hollywood Rec",
    court: "hollywood-rec",
    organizer: "luis.ramirez",
    score: [15, 21],
    dayOffset: -4,
    hour: 19,
    minute: 30,
    maxPlayers: 10,
    joined: [
      "diego.morales",
      "marcus.reed",
      "ben.cohen",
      "darnell.brooks",
      "tyrell.washington",
      "jordan.mitchell",
      "kenji.tanaka",
    ],
  },
  {
    title: "{day} 3-on-3 at Gladys Park",
    court: "gladys-park",
    organizer: "darnell.brooks",
    score: [21, 19],
    dayOffset: -7,
    hour: 10,
    minute: 0,
    maxPlayers: 6,
    joined: ["tyrell.washington", "luis.ramirez", "diego.morales", "jamal.carter", "marcus.reed"],
  },
  {
    title: "{day} Run at Robinson Park",
    court: "robinson-park",
    organizer: "jamal.carter",
    dayOffset: -11,
    hour: 17,
    minute: 0,
    maxPlayers: 10,
    joined: [
      "jordan.mitchell",
      "sam.okafor",
      "chris.park",
      "darnell.brooks",
      "tyrell.washington",
      "maya.robinson",
      "luis.ramirez",
    ],
  },
];
