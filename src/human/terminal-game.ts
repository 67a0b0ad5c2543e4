import type { BotFactory } from '../core/bot.js';
import { seenEvent, type GameEvent } from '../core/events.js';
import type { Action, GameDefinition } from '../core/game.js';
import type { Outcome } from '../core/outcome.js';
import type { GameRecord, RecordedStep } from '../core/record.js';
import type { Seat } from '../core/seat.js';
import { openReferee, type Referee, type RefereeSeat } from '../referee/referee.js';

/**
 * Who sits in a seat: a person (no factory) or a System Player. The record's label: `human:Ann`,
 * `greedy`, `random#2`, `human:Ann then greedy` after a take-over.
 */
export type Sitter = RefereeSeat;

export interface TerminalGameSetup {
  readonly game: GameDefinition;
  readonly variant: string;
  readonly config: unknown;
  readonly seed: string;
  readonly sitters: readonly Sitter[];
  /** A System Player's decision slower than this is a timeout fault; 0 or absent: no limit. */
  readonly moveTimeMs?: number;
  /** A game that needs a step past this many stops on an engine error, as in a tournament (the safety net against an endless engine). */
  readonly maxSteps?: number;
}

/**
 * One game in progress at a terminal, over the referee: it adds every event with its visibility
 * (what each person has yet to be shown) and waits for people between steps. It can be rebuilt from
 * its steps: that is how `undo` and `load` work, so an undone roll comes out the same when rolled
 * again (the dice are the record's, not a second chance).
 */
export class TerminalGame {
  readonly game: GameDefinition;
  readonly variant: string;
  readonly config: unknown;
  readonly seed: string;
  private referee!: Referee;
  /** Who sits where now: the setup's sitters, then whoever took a seat over. */
  private sitters: Sitter[] = [];
  /** Every event so far, with full visibility, in order. */
  events: GameEvent[] = [];

  constructor(
    private readonly setup: TerminalGameSetup,
    steps: readonly RecordedStep[] = [],
  ) {
    this.game = setup.game;
    this.variant = setup.variant;
    this.config = setup.config;
    this.seed = setup.seed;
    this.rebuild(setup.sitters, steps);
  }

  get state(): unknown {
    return this.referee.state;
  }

  get steps(): RecordedStep[] {
    return this.referee.recordedSteps();
  }

  get names(): string[] {
    return this.referee.names;
  }

  get labels(): string[] {
    return this.names.map((_, seat) => this.referee.label(seat));
  }

  sitter(seat: Seat): Sitter {
    return { name: this.names[seat]!, label: this.referee.label(seat), bot: this.sitters[seat]!.bot };
  }

  isPerson(seat: Seat): boolean {
    return this.referee.botOf(seat) === null;
  }

  toAct(): Seat | null {
    return this.referee.toAct();
  }

  legal(seat: Seat): readonly Action[] {
    return this.referee.legal(seat);
  }

  view(seat: Seat): unknown {
    return this.referee.view(seat);
  }

  outcome(): Outcome | null {
    return this.referee.outcome;
  }

  /** Why the game stopped without an outcome (the step limit, as in a tournament), or undefined. */
  get engineError(): string | undefined {
    return this.referee.engineError;
  }

  /** A person's action: a RuleError (the spec's message) leaves everything as it was. */
  play(seat: Seat, action: Action): GameEvent[] {
    return this.referee.act(seat, action).slice();
  }

  /**
   * A System Player's decision, from its view alone, judged as in a tournament: a fault forfeits
   * its seat, or, for a process bot whose fault policy is `random`, has a random legal move played
   * for it (`substituted`); `fault` then says why.
   */
  playBot(seat: Seat): { events: GameEvent[]; fault?: string; substituted?: boolean } {
    const { events, fault, substituted } = this.referee.decide(seat);
    if (fault === undefined) return { events: events.slice() };
    return { events: events.slice(), fault: `${fault.kind}: ${fault.detail}`, ...(substituted === true ? { substituted } : {}) };
  }

  /** A System Player takes over a seat a person left; it first reads everything the seat has seen. */
  takeOver(seat: Seat, bot: BotFactory, label: string): void {
    this.sitters[seat] = { name: this.names[seat]!, label, bot };
    const seen = this.events.flatMap((event) => seenEvent(event, seat) ?? []);
    this.referee.seatBot(seat, bot, label, seen);
  }

  /** The last step is taken back: the game is replayed from its seed without it. */
  undo(): void {
    this.rebuild(this.sitters, this.steps.slice(0, -1));
  }

  record(): GameRecord {
    return this.referee.record();
  }

  /** Sets the game up from its seed and plays `steps` again, as `parlor replay` does. */
  private rebuild(sitters: readonly Sitter[], steps: readonly RecordedStep[]): void {
    const { game, variant, config, seed, moveTimeMs, maxSteps } = this.setup;
    this.sitters = sitters.slice();
    this.events = [];
    this.referee = openReferee({
      game,
      variant,
      config,
      seed,
      index: 0,
      seats: this.sitters,
      ...(moveTimeMs !== undefined ? { moveTimeMs } : {}),
      ...(maxSteps !== undefined ? { maxSteps } : {}),
      onEvent: (event) => this.events.push(event),
    }).replay(steps);
  }
}

/** @deprecated use TerminalGame */
export const Table = TerminalGame;
/** @deprecated use TerminalGame */
export type Table = TerminalGame;
/** @deprecated use TerminalGameSetup */
export type TableSetup = TerminalGameSetup;
