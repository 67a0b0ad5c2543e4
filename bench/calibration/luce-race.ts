import { z } from 'zod';
import { declareReadOnly, pick, type BotFactory } from '../../src/core/bot.js';
import { RuleError } from '../../src/core/errors.js';
import type { GameDefinition } from '../../src/core/game.js';
import { outcomeFromScores } from '../../src/core/outcome.js';

/**
 * A game for calibrating the statistics only: every seat in turn names the moment it finishes, and
 * the earliest finishes first. A bot of strength w finishes at an exponential time of rate w,
 * T = -ln(1 - u) / w, u from its own stream, so the finishing order is Plackett-Luce with strengths
 * w and P(a ahead of b) = w_a / (w_a + w_b) whoever else plays: every rating difference is known,
 * ln(w_a / w_b). Times are told as one of `buckets` equal slices of P(T' <= T) for T' ~ Exp(1):
 * equal slices tie, rarely with many buckets, often with few. Under duplicate seating a seat's
 * stream is the same in every rotation of a block, as in every parlor game.
 */
export interface LuceState {
  readonly at: number[];
  turn: number;
  readonly buckets: number;
  /** The outcome names only the first to finish (ties share the win) and ties everyone else, as Clue's does. */
  readonly winnerOnly: boolean;
}

export type LuceAction = { readonly type: 'finish'; readonly at: number };

const configSchema = z.object({ buckets: z.number().int().min(1).max(1 << 20).default(1 << 16), winnerOnly: z.boolean().default(false) });
type LuceConfig = z.infer<typeof configSchema>;

/** The legal actions for each number of buckets, made once: a game's actions are shared and read-only. */
const slices = new Map<number, readonly LuceAction[]>();
function slicesOf(buckets: number): readonly LuceAction[] {
  let actions = slices.get(buckets);
  if (actions === undefined) slices.set(buckets, (actions = Array.from({ length: buckets }, (_, at) => ({ type: 'finish' as const, at }))));
  return actions;
}

export const luceRace: GameDefinition<LuceState, LuceAction, { buckets: number }, LuceConfig> = {
  id: 'luce-race',
  title: 'Luce race',
  summary: 'each seat names its finishing time; Plackett-Luce order by the bots\' strengths',
  players: [2, 8],
  variants: [],
  configSchema: configSchema as z.ZodType<LuceConfig>,
  actionSchema: z.object({ type: z.literal('finish'), at: z.number().int() }),
  setup: ({ config, seats }) => ({ at: seats.map(() => -1), turn: 0, buckets: config.buckets, winnerOnly: config.winnerOnly }),
  toAct: (state) => (state.turn < state.at.length ? state.turn : null),
  legalActions: (state, seat) => (seat === state.turn ? slicesOf(state.buckets) : []),
  apply(state, seat, action) {
    if (seat !== state.turn) throw new RuleError('It is not your turn.');
    if (!Number.isInteger(action.at) || action.at < 0 || action.at >= state.buckets) throw new RuleError(`Finish in a slice from 0 to ${state.buckets - 1}.`);
    state.at[seat] = action.at;
    state.turn++;
    return [{ type: 'finished', seat, at: action.at }];
  },
  view: (state) => ({ buckets: state.buckets }),
  // Earlier is better: the score is the slices left after the finish.
  outcome(state) {
    if (state.turn < state.at.length) return null;
    const ranked = outcomeFromScores(state.at.map((at) => state.buckets - 1 - at));
    return state.winnerOnly ? { winners: ranked.winners, rank: ranked.rank.map((r) => (r === 1 ? 1 : ranked.winners.length + 1)) } : ranked;
  },
  ranks: (config) => (config.winnerOnly ? 'winner' : 'full'),
  forfeit(state, seat) {
    state.at[seat] = state.buckets - 1;
    if (seat === state.turn) state.turn++;
    return [{ type: 'left', seat }];
  },
  describe: (event) => `${event.type} ${JSON.stringify(event)}`,
  describeAction: (action) => `finish in slice ${action.at}`,
};

/**
 * The slice of `buckets` in which a racer of strength w finishes, given its uniform draw u: the
 * slice of P(Exp(1) <= T) for T ~ Exp(w), which is 1 - (1 - u)^(1/w).
 */
export function finishSlice(buckets: number, u: number, w: number): number {
  return Math.min(buckets - 1, Math.floor(buckets * -Math.expm1(Math.log1p(-u) / w)));
}

/**
 * A bot of log-strength `strength` (natural log units: `elo / (400 / ln 10)`). It writes into
 * nothing it is handed, so it is declared read-only: the frozen copies a user's bot gets would
 * make the calibration's million games several times slower.
 */
export function luceBot(strength: number): BotFactory<{ buckets: number }, LuceAction> {
  const w = Math.exp(strength);
  return declareReadOnly({
    name: `luce ${strength}`,
    description: 'finishes at an exponential time of its strength',
    create: ({ rng }) => ({
      act: (view, legal) => pick(legal, finishSlice(view.buckets, rng.next(), w)),
    }),
  });
}
