import type { Bot, BotFactory } from '../core/bot.js';
import { describeIssues } from '../core/errors.js';
import { seenEvent, type GameEvent } from '../core/events.js';
import type { Action, GameDefinition } from '../core/game.js';
import type { Outcome } from '../core/outcome.js';
import type { GameRecord, RecordedStep } from '../core/record.js';
import { botStream, GameStreams, seedKey } from '../core/rng.js';
import type { Seat } from '../core/seat.js';
import { createSeatBot } from '../referee/hand-outs.js';
import { judgeDecision, Refusal } from '../referee/match.js';

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
   * A System Player's decision, from its view alone, judged as in a tournament: a fault forfeits
   * its seat, or, for a process bot whose fault policy is `random`, has a random legal move played
   * for it (`substituted`); `fault` then says why.
   */
  playBot(seat: Seat): { events: GameEvent[]; fault?: string; substituted?: boolean } {
    const judged = judgeDecision(this.bots[seat]!, this.view(seat), this.legal(seat), 0);
    if (!(judged instanceof Refusal)) return { events: this.play(seat, judged) };
    if (judged.substitute !== undefined) return { events: this.play(seat, judged.substitute), fault: `${judged.kind}: ${judged.detail}`, substituted: true };
    this.steps.push({ seat, forfeit: judged.kind, detail: judged.detail });
    const events = this.game.forfeit(this.state, seat);
    this.deliver(events);
    return { events: events.slice(), fault: `${judged.kind}: ${judged.detail}` };
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
      seed: this.seed,
      index: 0,
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
