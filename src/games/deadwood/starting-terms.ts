/** Days, starting rank and starting credits for a player count (design 3.7, published rules R3). */
export interface StartingTerms {
  readonly days: number;
  readonly rank: number;
  readonly credits: number;
  readonly dollars: number;
}

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 8;

const TERMS: Readonly<Record<number, StartingTerms>> = {
  2: { days: 3, rank: 1, credits: 0, dollars: 0 },
  3: { days: 3, rank: 1, credits: 0, dollars: 0 },
  4: { days: 4, rank: 1, credits: 0, dollars: 0 },
  5: { days: 4, rank: 1, credits: 2, dollars: 0 },
  6: { days: 4, rank: 1, credits: 4, dollars: 0 },
  7: { days: 4, rank: 2, credits: 0, dollars: 0 },
  8: { days: 4, rank: 2, credits: 0, dollars: 0 },
};

/** The terms for `players`, or undefined outside 2-8 (the rules define no solitaire game). */
export function startingTerms(players: number): StartingTerms | undefined {
  return TERMS[players];
}
