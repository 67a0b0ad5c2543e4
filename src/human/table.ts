import { chosenLegal, illegalDetail, type Bot, type BotFactory } from '../core/bot.js';
import { describeError, describeIssues } from '../core/errors.js';
import { seenEvent, type GameEvent } from '../core/events.js';
import type { Action, GameDefinition } from '../core/game.js';
import type { Outcome } from '../core/outcome.js';
import type { FaultKind, GameRecord, RecordedStep } from '../core/record.js';
import { botStream, GameStreams, seedKey } from '../core/rng.js';
import type { Seat } from '../core/seat.js';
import { createSeatBot } from '../referee/hand-outs.js';

/** Who sits in a seat: a person (no factory) or a System Player. */
export interface Sitter {
  /** The player's name inside the game. */
  readonly name: string;
  /** The record's label: `human:Ann`, `greedy`, `random#2`, `human:Ann then greedy` after a take-over. */
  readonly label: string;
  readonly bot: BotFactory | null;
}

export interface TableSetup {
  readonly game: GameDefinition;
  readonly variant: string;
  readonly config: unknown;
  readonly seed: string;
  readonly sitters: readonly Sitter[];
}

/**
 * One game in progress at a terminal: the state, the steps that made it (its record), and every
 * event with its visibility. Unlike the harness's playGame it waits for people between steps, and
 * it can be rebuilt from its steps: that is how `undo` and `load` work, so an undone roll comes out
 * the same when rolled again (the dice are the record's, not a second chance).
 */
export class Table {
  readonly game: GameDefinition;
  readonly variant: string;
  readonly config: unknown;
  readonly seed: string;
  private sitters: Sitter[];
  private rng!: GameStreams;
  private bots!: (Bot | null)[];
  state: unknown;
  steps: RecordedStep[] = [];
  /** Every event so far, with full visibility, in order. */
  events: GameEvent[] = [];

  constructor(setup: TableSetup, steps: readonly RecordedStep[] = []) {
    this.game = setup.game;
    this.variant = setup.variant;
    this.config = setup.config;
    this.seed = setup.seed;
    this.sitters = setup.sitters.slice();
    this.rebuild(steps);
  }

  get names(): string[] {
    return this.sitters.map((s) => s.name);
  }

  get labels(): string[] {
    return this.sitters.map((s) => s.label);
  }

  sitter(seat: Seat): Sitter {
    return this.sitters[seat]!;
  }

  isPerson(seat: Seat): boolean {
    return this.sitters[seat]!.bot === null;
  }

  toAct(): Seat | null {
    return this.game.toAct(this.state);
  }

  legal(seat: Seat): readonly Action[] {
    return this.game.legalActions(this.state, seat);
  }

  view(seat: Seat): unknown {
    return this.game.view(this.state, seat);
  }

  outcome(): Outcome | null {
    return this.game.outcome(this.state);
  }

  /** A person's action: a RuleError (the spec's message) leaves everything as it was. */
  play(seat: Seat, action: Action): GameEvent[] {
    const events = this.game.apply(this.state, seat, action, this.rng);
    this.steps.push({ seat, action });
    this.deliver(events);
    return events.slice();
  }

  /**
   * A System Player's decision, from its view alone. As in a tournament, a bot that throws or
   * answers with an action that is not legal forfeits its seat; `fault` then says why.
   */
  playBot(seat: Seat): { events: GameEvent[]; fault?: string } {
    const legal = this.legal(seat);
    let chosen: unknown;
    try {
      chosen = this.bots[seat]!.act(this.view(seat), legal);
    } catch (error) {
      return this.forfeit(seat, 'threw', describeError(error));
    }
    const action = chosenLegal(chosen, legal);
    if (action === null) return this.forfeit(seat, 'illegal', illegalDetail(chosen));
    return { events: this.play(seat, action) };
  }

  private forfeit(seat: Seat, kind: FaultKind, detail: string): { events: GameEvent[]; fault: string } {
    this.steps.push({ seat, forfeit: kind, detail });
    const events = this.game.forfeit(this.state, seat);
    this.deliver(events);
    return { events: events.slice(), fault: `${kind}: ${detail}` };
  }

  /** A System Player takes over a seat a person left; it first reads everything the seat has seen. */
  takeOver(seat: Seat, bot: BotFactory, label: string): void {
    this.sitters[seat] = { name: this.sitters[seat]!.name, label, bot };
    const made = this.createBot(seat, bot);
    this.bots[seat] = made;
    if (made.observe !== undefined) {
      for (const event of this.events) {
        const seen = seenEvent(event, seat);
        if (seen !== null) made.observe(seen);
      }
    }
  }

  /** The last step is taken back: the game is replayed from its seed without it. */
  undo(): void {
    this.rebuild(this.steps.slice(0, -1));
  }

  record(): GameRecord {
    return {
      schema: 1,
      game: this.game.id,
      variant: this.variant,
      config: this.config,
      seed: this.seed,
      index: 0,
      seats: this.sitters.map((s) => ({ name: s.name, bot: s.label })),
      steps: this.steps.slice(),
      outcome: this.outcome(),
    };
  }

  private createBot(seat: Seat, factory: BotFactory): Bot {
    return createSeatBot(factory, {
      game: this.game.id,
      variant: this.variant,
      config: this.config,
      seat,
      seats: this.sitters.length,
      rng: this.rng.stream(botStream(seat)),
    });
  }

  private deliver(events: readonly GameEvent[]): void {
    for (const event of events) {
      this.events.push(event);
      this.bots.forEach((bot, seat) => {
        if (bot?.observe === undefined) return;
        const seen = seenEvent(event, seat);
        if (seen !== null) bot.observe(seen);
      });
    }
  }

  /** Sets the game up from its seed and plays `steps` again, as `parlor replay` does. */
  private rebuild(steps: readonly RecordedStep[]): void {
    this.rng = new GameStreams(seedKey(this.seed), 0);
    this.state = this.game.setup({ variant: this.variant, config: this.config, seats: this.sitters.map((s) => ({ name: s.name })), rng: this.rng });
    this.bots = this.sitters.map((s, seat) => (s.bot === null ? null : this.createBot(seat, s.bot)));
    this.steps = [];
    this.events = [];
    steps.forEach((step, i) => {
      if (this.toAct() === null) throw new Error(`step ${i + 1}: the game was already over`);
      if ('forfeit' in step) {
        this.steps.push(step);
        this.deliver(this.game.forfeit(this.state, step.seat));
        return;
      }
      const parsed = this.game.actionSchema.safeParse(step.action);
      if (!parsed.success) throw new Error(`step ${i + 1}: malformed action: ${describeIssues(parsed.error.issues)}`);
      this.play(step.seat, parsed.data as Action);
    });
  }
}
