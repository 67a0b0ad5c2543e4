import { z } from 'zod';
import { RuleError } from '../../../src/core/errors.js';
import type { GameDefinition } from '../../../src/core/game.js';
import { outcomeFromScores, withForfeits } from '../../../src/core/outcome.js';

/**
 * A tiny game for the harness's tests only: on a turn a player steps 1 or rolls a die and moves that
 * far; after the round in which someone reaches the target, the furthest (capped at the target)
 * win, ties sharing. `bugAt` makes the engine throw when a player lands exactly there, to test how
 * the harness survives an engine error.
 */
export interface RaceState {
  positions: number[];
  present: boolean[];
  /** The seats that left, in order: the outcome ranks them last. */
  left: number[];
  turn: number;
  finished: boolean;
  target: number;
  bugAt: number;
}

export type RaceAction = { readonly type: 'step' } | { readonly type: 'roll' };

const configSchema = z.object({ target: z.number().int().min(1).default(20), bugAt: z.number().int().default(-1) });
type RaceConfig = z.infer<typeof configSchema>;

const LEGAL: readonly RaceAction[] = [{ type: 'step' }, { type: 'roll' }];

function nextPresent(state: RaceState, from: number): number | null {
  const n = state.positions.length;
  for (let k = 1; k <= n; k++) {
    const seat = (from + k) % n;
    if (state.present[seat]) return seat;
  }
  return null;
}

/** Passes the turn on; the game ends when a round closes (the turn wraps) with someone at the target. */
function advance(state: RaceState, from: number): void {
  const next = nextPresent(state, from);
  const wrapped = next === null || next <= from;
  if (next === null || (wrapped && state.positions.some((p) => p >= state.target))) state.finished = true;
  else state.turn = next;
}

export const diceRace: GameDefinition<RaceState, RaceAction, { positions: number[]; me: number }, RaceConfig> = {
  id: 'dice-race',
  title: 'Dice race',
  summary: 'step 1 or roll a die, first round to reach the target ends the race',
  players: [1, 4],
  variants: [],
  configSchema: configSchema as z.ZodType<RaceConfig>,
  actionSchema: z.union([z.object({ type: z.literal('step') }), z.object({ type: z.literal('roll') })]),
  setup: ({ config, seats }) => ({
    positions: seats.map(() => 0),
    present: seats.map(() => true),
    left: [],
    turn: 0,
    finished: false,
    target: config.target,
    bugAt: config.bugAt,
  }),
  toAct: (state) => (state.finished ? null : state.turn),
  legalActions: (state, seat) => (!state.finished && seat === state.turn ? LEGAL : []),
  apply(state, seat, action, rng) {
    if (state.finished || seat !== state.turn) throw new RuleError('It is not your turn.');
    if (action.type !== 'step' && action.type !== 'roll') throw new RuleError('Step or roll.');
    const distance = action.type === 'step' ? 1 : rng.stream('dice').die(6);
    if (state.positions[seat]! + distance === state.bugAt) throw new Error(`landed on ${state.bugAt}`);
    state.positions[seat]! += distance;
    advance(state, seat);
    return [{ type: 'moved', seat, distance }];
  },
  view: (state, seat) => ({ positions: [...state.positions], me: seat }),
  outcome: (state) => (state.finished ? withForfeits(outcomeFromScores(state.positions.map((p) => Math.min(p, state.target))), state.left) : null),
  forfeit(state, seat) {
    state.present[seat] = false;
    state.left.push(seat);
    if (state.turn === seat) advance(state, seat);
    else if (!state.present.some(Boolean)) state.finished = true;
    return [{ type: 'left', seat }];
  },
  describe: (event) => `${event.type} ${JSON.stringify(event)}`,
  describeAction: (action) => action.type,
};

export const GAMES: readonly GameDefinition[] = [diceRace];
