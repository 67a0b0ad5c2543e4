import { seenEvent, type GameEvent } from '../../src/core/events.js';
import type { Action, GameDefinition, PublicSetup } from '../../src/core/game.js';
import { GameStreams, seedKey, type Rng } from '../../src/core/rng.js';
import type { Seat } from '../../src/core/seat.js';
import { generatedSeatNames } from '../../src/core/seat.js';

export interface SeededPlay<S> {
  readonly info: PublicSetup<unknown>;
  readonly state: S;
  /** Every event `seat` saw, as its bot received them. */
  readonly seen: GameEvent[];
  /** The view of `seat`, as a JSON copy. */
  readonly view: unknown;
}

/**
 * A kind of action drawn uniformly, then one of that kind: drawn uniformly from all, Clue's hundreds
 * of accusations would end most games before a suggestion. Accusing, which ends a player's game,
 * is drawn once in fifty where anything else may be done.
 */
export function varied(legal: readonly Action[], pick: Rng): Action {
  const types = [...new Set(legal.map((action) => action.type))];
  const others = types.filter((type) => type !== 'accuse');
  const type = others.length > 0 && (others.length === types.length || pick.next() >= 0.02) ? others[pick.int(others.length)]! : 'accuse';
  const ofType = legal.filter((action) => action.type === type);
  return ofType[pick.int(ofType.length)]!;
}

/**
 * A seeded game of legal actions chosen at random (uniformly, or by `pick`), played for `steps` actions or to its end, from
 * the point of view of `seat`; `before` is told of each action before it is played.
 */
export function seededPlay<S>(
  game: GameDefinition<S>,
  options: { variant?: string; config?: unknown; players: number; seed: string; steps: number; seat: Seat; pick?: typeof varied },
  before?: (state: S, seat: Seat, action: Action) => void,
): SeededPlay<S> {
  const config = game.configSchema.parse(options.config ?? {});
  const info = { variant: options.variant ?? '', config, seats: generatedSeatNames(options.players).map((name) => ({ name })) };
  const rng = new GameStreams(seedKey(options.seed), 0);
  const state = game.setup({ ...info, rng });
  const pick = rng.stream('pick');
  const seen: GameEvent[] = [];
  for (let step = 0, actor = game.toAct(state); step < options.steps && actor !== null; step++, actor = game.toAct(state)) {
    const legal = game.legalActions(state, actor);
    const action = JSON.parse(JSON.stringify(options.pick === undefined ? legal[pick.int(legal.length)]! : options.pick(legal, pick))) as Action;
    before?.(state, actor, action);
    for (const event of game.apply(state, actor, action, rng)) {
      const visible = seenEvent(event, options.seat);
      if (visible !== null) seen.push(JSON.parse(JSON.stringify(visible)) as GameEvent);
    }
  }
  return { info, state, seen, view: JSON.parse(JSON.stringify(game.view(state, options.seat))) };
}
