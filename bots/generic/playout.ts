import type { Bot, BotContext, BotFactory } from '../../src/core/bot.js';
import { seenEvent, type GameEvent } from '../../src/core/events.js';
import type { Action, GameDefinition } from '../../src/core/game.js';
import type { Outcome } from '../../src/core/outcome.js';
import type { RandomStreams, Rng } from '../../src/core/rng.js';
import type { Seat } from '../../src/core/seat.js';

/**
 * A game played on from a sampled state by one built-in bot in every seat (or one factory per seat),
 * as a search player's rollouts (and the benches that judge its decisions) play it: each seat's bot
 * is new, sees only its own view, and observes the events it would have seen from that state on.
 */
export class Playout {
  readonly bots: Bot[] = [];

  constructor(
    private readonly game: GameDefinition,
    factory: BotFactory | readonly BotFactory[],
    ctx: Pick<BotContext, 'game' | 'variant' | 'config' | 'seats' | 'names'>,
    rng: Rng,
  ) {
    for (let s = 0; s < ctx.seats; s++) {
      const seatFactory = Array.isArray(factory) ? (factory as readonly BotFactory[])[s]! : (factory as BotFactory);
      this.bots.push(seatFactory.create({ game: ctx.game, variant: ctx.variant, config: ctx.config, seat: s, seats: ctx.seats, rng, names: ctx.names }));
    }
  }

  /** The action seat's bot would play among `legal`, the seat's legal actions in `state`. */
  choice(state: unknown, seat: Seat, legal: readonly Action[]): Action {
    return this.bots[seat]!.act(this.game.view(state, seat), legal);
  }

  /** Passes a step's events to every bot that observes, as each seat sees them. */
  deliver(events: readonly GameEvent[]): void {
    for (const event of events) {
      for (let s = 0; s < this.bots.length; s++) {
        const observe = this.bots[s]!.observe;
        if (observe === undefined) continue;
        const seen = seenEvent(event, s);
        if (seen !== null) observe.call(this.bots[s], seen);
      }
    }
  }

  /** Plays `state` to its end (in place) and returns the outcome. */
  toEnd(state: unknown, streams: RandomStreams): Outcome {
    const { game } = this;
    let seat: Seat | null;
    while ((seat = game.toAct(state)) !== null) {
      const legal = game.legalActions(state, seat);
      this.deliver(game.apply(state, seat, this.bots[seat]!.act(game.view(state, seat), legal), streams));
    }
    return game.outcome(state)!;
  }
}

/**
 * A seat's reward from a finished game: its share of the win (1/k for a k-way first place, 0 for
 * none); in a one-player game, its score over the scale the game states.
 */
export function rewardsOf(outcome: Outcome, scale: number, into: Float64Array): void {
  into.fill(0);
  if (into.length === 1) {
    into[0] = (outcome.score?.[0] ?? (outcome.winners.length > 0 ? scale : 0)) / scale;
    return;
  }
  for (const seat of outcome.winners) into[seat] = 1 / outcome.winners.length;
}
