/** Real Clue games of the engine between built-in bots, keeping what each seat saw: for the counter's benchmarks and the tests. */
import { findBuiltinBot } from '../bots/registry.js';
import type { Fact } from '../src/deduction/facts.js';
import type { BotFactory } from '../src/core/bot.js';
import { seedKey } from '../src/core/rng.js';
import { generatedSeatNames } from '../src/core/seat.js';
import type { ClueAction } from '../src/games/clue/actions.js';
import type { ClueVariantId } from '../src/games/clue/cards.js';
import { deckOf } from '../src/games/clue/deck.js';
import { EventReader } from '../src/games/clue/event-reader.js';
import type { ClueEvent } from '../src/games/clue/events.js';
import type { ClueView } from '../src/games/clue/view.js';
import { findGame } from '../src/games/registry.js';
import { playGame } from '../src/referee/match.js';

export interface PlayedGame {
  readonly names: readonly string[];
  /** How many cards each seat was dealt. */
  readonly handSizes: readonly number[];
  /** Each seat's notebook at the end of the game (its hand first), also of a seat that never had to act. */
  readonly notebooks: readonly (readonly ClueEvent[])[];
}

/** Told the wall-clock and process CPU microseconds of every decision of a bot. */
export type DecisionTimer = (bot: string, wallMicros: number, cpuMicros: number) => void;

/** Plays one Clue game of the engine between built-in bots and keeps every seat's notebook. */
export function playClue(variant: ClueVariantId, bots: readonly string[], seed: string, index: number, maxTurns = 200, timer?: DecisionTimer): PlayedGame {
  const game = findGame('clue');
  const names = generatedSeatNames(bots.length);
  const seats = bots.map((botName, seat) => {
    const bot = findBuiltinBot('clue', botName);
    return { name: names[seat]!, label: botName, bot: timer === undefined ? bot : timed(bot, botName, timer) };
  });
  let views: ClueView[] = [];
  const result = playGame({
    game,
    variant,
    config: game.configSchema.parse({ maxTurns }),
    seed,
    key: seedKey(seed),
    index,
    seats,
    onEnd: (state) => {
      views = bots.map((_, seat) => game.view(state as never, seat) as ClueView);
    },
  });
  if (result.outcome === null) throw new Error(`clue game ${seed}/${index} failed: ${result.engineError}`);
  return { names, handSizes: views.map((v) => v.hand.length), notebooks: views.map((v) => v.notebook) };
}

/** A seat's observation log: the hand sizes, and the facts of each observation that taught any. */
export interface ObservationLog {
  readonly handSizes: readonly number[];
  readonly observations: readonly (readonly Fact[])[];
}

/**
 * Every seat's observation log of `count` games of `players` seats, the bots `botNames` seated in
 * turn (as the counter's benches replay them, seat by seat).
 */
export function observationLogs(variant: ClueVariantId, botNames: readonly string[], players: number, count: number, seed: string, maxTurns: number, timer?: DecisionTimer): ObservationLog[] {
  const deck = deckOf(variant);
  const logs: ObservationLog[] = [];
  const bots = Array.from({ length: players }, (_, seat) => botNames[seat % botNames.length]!);
  for (let index = 0; index < count; index++) {
    const played = playClue(variant, bots, seed, index, maxTurns, timer);
    const { handSizes } = played;
    played.notebooks.forEach((notebook, seat) => {
      const reader = new EventReader(deck, seat);
      const observations = notebook.map((e) => reader.read(e)?.facts ?? []).filter((facts) => facts.length > 0);
      logs.push({ handSizes, observations });
    });
  }
  return logs;
}

function timed(base: BotFactory, name: string, timer: DecisionTimer): BotFactory {
  return aroundDecisions(base, (_view, decide) => {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const action = decide();
    const used = process.cpuUsage(cpu);
    timer(name, (performance.now() - started) * 1000, used.user + used.system);
    return action;
  });
}

/** The bot `base` with each of its decisions made through `around`, which calls `decide` for the bot's own. */
export function aroundDecisions(base: BotFactory, around: (view: ClueView, decide: () => ClueAction) => ClueAction): BotFactory {
  return {
    ...base,
    create: (ctx) => {
      const inner = base.create(ctx);
      return { act: (view, legal) => around(view as ClueView, () => inner.act(view, legal) as ClueAction) };
    },
  };
}
