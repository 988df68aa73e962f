/** 1 → '1st', 2 → '2nd', 3 → '3rd', 11 → '11th', 22 → '22nd' (English ordinals). */
export function ordinal(n: number): string {
  const lastTwo = n % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${n}th`;
  switch (n % 10) {
    case 1:
      return `${n}st`;
    case 2:
      return `${n}nd`;
    case 3:
      return `${n}rd`;
    default:
      return `${n}th`;
  }
}

/** A place in a game's waiting line as the game page shows it: '2nd in line'. */
export const placeInLine = (position: number) => `${ordinal(position)} in line`;
