import type { GameEvent } from '../../src/core/events.js';
import type { RandomStreams } from '../../src/core/rng.js';
import type { Seat } from '../../src/core/seat.js';
import type { YahtzeeAction } from '../../src/games/yahtzee/actions.js';
import type { YahtzeeForced } from '../../src/games/yahtzee/config.js';
import { yahtzeeGame as yahtzee } from '../../src/games/yahtzee/game.js';
import type { YahtzeeState } from '../../src/games/yahtzee/state.js';
import { ScriptedStreams } from '../../src/scenarios/scripted-random.js';

export interface Table {
  readonly state: YahtzeeState;
  readonly rng: RandomStreams;
  play(seat: Seat, action: YahtzeeAction): readonly GameEvent[];
}

/** A game set up as a fixture would be: scripted streams where given, seeded ones elsewhere. */
export function table(
  names: readonly string[],
  options: { series?: number; forced?: YahtzeeForced; random?: Record<string, number[]>; seed?: string } = {},
): Table {
  const config = yahtzee.configSchema.parse({ series: options.series ?? 1 });
  const rng = new ScriptedStreams(options.random ?? {}, options.seed ?? 'test');
  const forced = options.forced === undefined ? undefined : yahtzee.forcedSchema!.parse(options.forced);
  const state = yahtzee.setup({ variant: '', config, seats: names.map((name) => ({ name })), rng, ...(forced !== undefined ? { forced } : {}) });
  return { state, rng, play: (seat, action) => yahtzee.apply(state, seat, action, rng) };
}

/** A sheet of 13 entries with `scores` filled in by category index and the rest open. */
export function sheet(scores: Record<number, number>): (number | null)[] {
  return Array.from({ length: 13 }, (_, c) => scores[c] ?? null);
}
