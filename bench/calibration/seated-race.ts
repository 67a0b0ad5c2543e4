import { z } from 'zod';
import { declareReadOnly, pick, type BotFactory } from '../../src/core/bot.js';
import { RuleError } from '../../src/core/errors.js';
import type { GameDefinition } from '../../src/core/game.js';
import { outcomeFromScores, withForfeits } from '../../src/core/outcome.js';
import { finishSlice } from './luce-race.js';
import type { GameModel } from './truth.js';

/**
 * A game for calibrating the statistics only: Luce's race where the seats matter. Every seat in
 * turn names its entrant's strength; then all finish at once in Plackett-Luce order of their
 * strengths in play, each seat's log-strength being its entrant's, plus its seat's (`seat[s]`: a
 * first-player advantage, say), minus `neighbour` times the log-strength of the entrant seated
 * just before it (seat s - 1; seat N - 1 before seat 0), so a strong entrant holds back the one
 * after it as Clue's left-hand refuter or Deadwood's rival for a role can. These are the effects
 * fair seating must keep out of the ratings, and the pairwise fit then estimates no entrant's own
 * strength: what it estimates is bench/calibration/truth.ts's.
 *
 * The game draws the finishing times (one uniform per seat from the deal's stream, so every
 * rotation of a duplicate block races the same draws, as luce-race's bots do) and slices them as
 * luce-race does; the bots only say who they are, which a game cannot otherwise know.
 */
export interface SeatEffects {
  /** Each seat's log-strength added; seats past the list add 0. */
  readonly seat: readonly number[];
  /** How much of the log-strength of the entrant seated just before each seat is taken from it. */
  readonly neighbour: number;
}

export interface SeatedConfig extends SeatEffects {
  /** The log-strengths (natural log units) an entrant may name. */
  readonly strengths: readonly number[];
}

export interface SeatedState {
  readonly config: SeatedConfig;
  /** The log-strength each seat named (0 until it does). */
  readonly named: number[];
  readonly draws: readonly number[];
  readonly left: number[];
  turn: number;
}

export type SeatedAction = { readonly type: 'enter'; readonly strength: number };

const BUCKETS = 1 << 16;

const configSchema = z.object({
  strengths: z.array(z.number()).min(1),
  seat: z.array(z.number()).default([]),
  neighbour: z.number().default(0),
});

/** Seat s's log-strength in play, the entrants' log-strengths given by seat in `named`. */
export function playingStrength(effects: SeatEffects, named: readonly number[], s: number): number {
  return named[s]! + (effects.seat[s] ?? 0) - effects.neighbour * named[(s + named.length - 1) % named.length]!;
}

/** The legal actions of each config, made once: a game's actions are shared and read-only. */
const entries = new WeakMap<SeatedConfig, readonly SeatedAction[]>();
function entriesOf(config: SeatedConfig): readonly SeatedAction[] {
  let actions = entries.get(config);
  if (actions === undefined) entries.set(config, (actions = config.strengths.map((strength) => ({ type: 'enter' as const, strength }))));
  return actions;
}

export const seatedRace: GameDefinition<SeatedState, SeatedAction, null, SeatedConfig> = {
  id: 'seated-race',
  title: 'Seated Luce race',
  summary: 'Plackett-Luce order of strengths shifted by the seat and the entrant seated before',
  players: [2, 8],
  variants: [],
  configSchema: configSchema as z.ZodType<SeatedConfig>,
  actionSchema: z.object({ type: z.literal('enter'), strength: z.number() }),
  setup: ({ config, seats, rng }) => {
    const race = rng.stream('race');
    return { config, named: seats.map(() => 0), draws: seats.map(() => race.next()), left: [], turn: 0 };
  },
  toAct: (state) => (state.turn < state.named.length ? state.turn : null),
  legalActions: (state, seat) => (seat === state.turn ? entriesOf(state.config) : []),
  apply(state, seat, action) {
    if (seat !== state.turn) throw new RuleError('It is not your turn.');
    if (!state.config.strengths.includes(action.strength)) throw new RuleError(`Name one of the strengths ${state.config.strengths.join(', ')}.`);
    state.named[seat] = action.strength;
    state.turn++;
    return [{ type: 'entered', seat, strength: action.strength }];
  },
  view: () => null,
  outcome(state) {
    if (state.turn < state.named.length) return null;
    const at = state.named.map((_, s) => finishSlice(BUCKETS, state.draws[s]!, Math.exp(playingStrength(state.config, state.named, s))));
    // Earlier is better, as in luce-race: the score is the slices left after the finish.
    return withForfeits(outcomeFromScores(at.map((slice) => BUCKETS - 1 - slice)), state.left);
  },
  forfeit(state, seat) {
    state.left.push(seat);
    if (seat === state.turn) state.turn++;
    return [{ type: 'left', seat }];
  },
  describe: (event) => `${event.type} ${JSON.stringify(event)}`,
  describeAction: (action) => `enter at log-strength ${action.strength}`,
};

/** The entrant of log-strength `strength`, one of the config's. Read-only, as luceBot. */
export function seatedBot(strength: number): BotFactory<null, SeatedAction> {
  return declareReadOnly({
    name: `seated ${strength}`,
    description: 'names its strength',
    create: () => ({ act: (_view, legal) => pick(legal, legal.findIndex((a) => a.strength === strength)) }),
  });
}

/**
 * The seated race as truth.ts's game model, entrant e being of log-strength `strengths[e]`: the
 * pairwise chances of Plackett-Luce order, w_i / (w_i + w_j) of the strengths in play (the slicing
 * into 2^16 slices ties a pair about once in 10^5 races, which moves these by less than that).
 */
export function seatedModel(effects: SeatEffects, strengths: readonly number[]): GameModel {
  // Called for every game of every lineup (1.8 million at 10 entrants and 8 seats): no allocation.
  const named: number[] = [];
  const w: number[] = [];
  return (bySeat, ahead) => {
    const n = bySeat.length;
    named.length = n;
    for (let s = 0; s < n; s++) named[s] = strengths[bySeat[s]!]!;
    for (let s = 0; s < n; s++) w[s] = Math.exp(playingStrength(effects, named, s));
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) ahead[i * n + j] = w[i]! / (w[i]! + w[j]!);
  };
}
