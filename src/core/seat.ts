/** A seat is an index into the game's seat list, 0-based, in the order the seats were created. */
export type Seat = number;

/** What a game knows of the people or bots in its seats. */
export interface SeatInfo {
  /** The name the player has inside the game (the harness generates valid ones). */
  readonly name: string;
}

const GENERATED_NAMES = ['Ann', 'Bob', 'Cid', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal'] as const;

/**
 * Names for seats the harness fills: letters only and distinct, so they are valid in every game
 * (Yahtzee's name rule is the strictest). Names beyond the list repeat with a letter suffix.
 */
export function generatedSeatNames(count: number): string[] {
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const base = GENERATED_NAMES[i % GENERATED_NAMES.length]!;
    const round = Math.floor(i / GENERATED_NAMES.length);
    names.push(round === 0 ? base : base + String.fromCharCode(64 + round));
  }
  return names;
}
