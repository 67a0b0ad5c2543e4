import { z } from 'zod';
import { RuleError } from '../../../src/core/errors.js';
import type { GameDefinition } from '../../../src/core/game.js';
import { outcomeFromScores, withForfeits } from '../../../src/core/outcome.js';

/**
 * A game whose best play is known, for parlor tune's tests: a hidden point (x, y) is dealt, x a
 * whole number 70 +- 20 and y 0.25 +- 0.15 (hundredths), each uniform; every seat guesses an x in
 * 0..100, then a y in hundredths of 0..1; the guess nearest the point (|dx| / 100 + |dy|, plus the
 * seat's dealt luck) wins, ties sharing. Against any opponent, guessing the point's median in each coordinate, (70, 0.25),
 * is best, and a guess wins more the nearer it is to it.
 */
export interface GuessState {
  target: [number, number];
  /** Each seat's luck, added to its distance: dealt, so that duplicate seating cancels it. */
  luck: number[];
  guesses: number[][];
  left: number[];
  turn: number;
}

export type GuessAction = { readonly type: 'x' | 'y'; readonly value: number };

/** Luck up to 1 (100 hundredths): a far guess still wins some games, so a verification has an interval. */
const LUCK = 100;

const GRID = Array.from({ length: 101 }, (_, i) => i);
const X_ACTIONS: readonly GuessAction[] = GRID.map((value) => ({ type: 'x', value }));
const Y_ACTIONS: readonly GuessAction[] = GRID.map((i) => ({ type: 'y', value: i / 100 }));

const finished = (s: GuessState): boolean => s.turn >= s.guesses.length;
/** In hundredths, a whole number as scores are: |dx| + 100 |dy|. */
const distance = (s: GuessState, seat: number): number => Math.abs(s.guesses[seat]![0]! - s.target[0]) + Math.round(100 * Math.abs(s.guesses[seat]![1]! - s.target[1]));

function next(s: GuessState): void {
  while (!finished(s) && (s.guesses[s.turn]!.length === 2 || s.left.includes(s.turn))) s.turn++;
}

export const guessGame: GameDefinition<GuessState, GuessAction, { guessed: number[] }, Record<string, never>> = {
  id: 'guess',
  title: 'Guess',
  summary: 'guess a hidden point; the nearest wins',
  players: [1, 4],
  variants: [],
  configSchema: z.object({}) as z.ZodType<Record<string, never>>,
  actionSchema: z.object({ type: z.enum(['x', 'y']), value: z.number() }),
  setup: ({ seats, rng }) => {
    const deal = rng.stream('deal');
    return { target: [50 + deal.int(41), (10 + deal.int(31)) / 100], luck: seats.map(() => deal.int(LUCK + 1)), guesses: seats.map(() => []), left: [], turn: 0 };
  },
  toAct: (s) => (finished(s) ? null : s.turn),
  legalActions: (s, seat) => (finished(s) || seat !== s.turn ? [] : s.guesses[seat]!.length === 0 ? X_ACTIONS : Y_ACTIONS),
  apply(s, seat, action) {
    if (finished(s) || seat !== s.turn) throw new RuleError('It is not your turn.');
    if (action.type !== (s.guesses[seat]!.length === 0 ? 'x' : 'y')) throw new RuleError('Guess x, then y.');
    s.guesses[seat]!.push(action.value);
    next(s);
    return [{ type: 'guessed', seat }];
  },
  view: (s, seat) => ({ guessed: [...s.guesses[seat]!] }),
  outcome: (s) => (finished(s) ? withForfeits(outcomeFromScores(s.guesses.map((_, seat) => (s.left.includes(seat) ? -1000 : -distance(s, seat) - s.luck[seat]!))), s.left) : null),
  forfeit(s, seat) {
    s.left.push(seat);
    next(s);
    return [{ type: 'left', seat }];
  },
  describe: (event) => JSON.stringify(event),
  describeAction: (action) => `${action.type} ${action.value}`,
};

export const GAMES: readonly GameDefinition[] = [guessGame];
