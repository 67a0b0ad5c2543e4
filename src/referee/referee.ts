import { chosenLegal, isOffered, type Bot, type BotFactory } from '../core/bot.js';
import { describeError, describeIssues, RuleError } from '../core/errors.js';
import { seenEvent, type GameEvent } from '../core/events.js';
import type { Action, GameDefinition } from '../core/game.js';
import type { Outcome } from '../core/outcome.js';
import type { FaultKind, GameRecord, RecordedStep } from '../core/record.js';
import { botStream, GameStreams, seedKey, type RandomStreams, type SeedKey } from '../core/rng.js';
import type { Seat } from '../core/seat.js';
import { checkAnswer, judgeDecision, refusalOf } from './decision.js';
import type { DecisionClock } from './decision-times.js';
import { engineStackOf } from './engine-stack.js';
import { createSeatBot } from './hand-outs.js';
import { Refusal, StepLog } from './step-log.js';

/** Who sits in a seat: a System Player, or a person (no bot) whose actions the driver brings. */
export interface RefereeSeat {
  /** The player's name inside the game. */
  readonly name: string;
  /** The entrant's label in reports and records (`greedy`, `random#2`, `./my-bot.js`, `human:Ann`). */
  readonly label: string;
  readonly bot: BotFactory | null;
}

export interface RefereeSetup<S = unknown, A extends Action = Action, V = unknown> {
  readonly game: GameDefinition<S, A, V>;
  readonly variant: string;
  /** Validated options. */
  readonly config: unknown;
  readonly seed: string;
  /** The seed's key words, when the caller already has them (a tournament: once per run). */
  readonly key?: SeedKey;
  readonly index: number;
  readonly seats: readonly RefereeSeat[];
  /** The random streams, when not the seed's (a fixture's scripted dice). */
  readonly streams?: RandomStreams;
  /** A fixture's forced setup, in the shape of the game's `forcedSchema`. */
  readonly forced?: unknown;
  /** A decision slower than this is a timeout fault; 0 or absent: no limit. */
  readonly moveTimeMs?: number;
  /** Called with every event as it happens (full visibility), e.g. to print a log. */
  readonly onEvent?: (event: GameEvent) => void;
  /** Called with the state after setup and once the game is over, e.g. to draw the table. */
  readonly onStart?: (state: S) => void;
  readonly onEnd?: (state: S) => void;
  /**
   * Safety net against an engine that never ends: a game that needs a step past this many stops on
   * an engine error (no outcome, its record says why), whichever driver plays it.
   */
  readonly maxSteps?: number;
  /**
   * Where the steps are logged: one log reused by many games allocates nothing per step, but a
   * game's record must then be built before the log's next game starts. Absent: a log of its own.
   */
  readonly log?: StepLog;
  /** Times every decision of this game, for the run's `timing` (the caller picks the games: see DecisionClock). */
  readonly clock?: DecisionClock | undefined;
}

export interface Fault {
  readonly seat: Seat;
  readonly kind: FaultKind;
  readonly detail: string;
}

export interface MatchResult {
  /** null only when the engine failed (or, played step by step, while the game goes on). */
  readonly outcome: Outcome | null;
  /** The number of actions played. */
  readonly steps: number;
  readonly faults: readonly Fault[];
  /** The seats that forfeited, in the order they left (a fault played a substitute action instead leaves no one). */
  readonly departed: readonly Seat[];
  readonly engineError?: string;
  /** The engine error's stack, taken where it was thrown (engine-stack.ts); absent for a thrown value that is not an Error. */
  readonly engineStack?: string;
  /** Per seat, the game's metrics at its end (games with a `metrics` hook that ended with an outcome). */
  readonly metrics?: readonly Readonly<Record<string, number | null>>[];
  /** Builds the game's record; cheap to skip, since the steps are kept anyway. */
  record(): GameRecord;
}

/** What one System Player's decision, played step by step, came to. */
export interface Decision {
  readonly events: readonly GameEvent[];
  /** The fault, when the bot's answer was refused: its seat forfeited, or `substituted`. */
  readonly fault?: Fault;
  /** A random legal move was played for the faulted seat (a process bot's `onFault: "random"`). */
  readonly substituted?: boolean;
}

const DEFAULT_MAX_STEPS = 1_000_000;
const NOBODY = -1;
const NO_SEATS: readonly Seat[] = [];
const NO_FAULTS: readonly Fault[] = [];
const NO_EVENTS: readonly GameEvent[] = Object.freeze([]);

function stepLimitMessage(maxSteps: number): string {
  return `the game did not end within ${maxSteps} steps`;
}

/**
 * The step limit that stopped a recorded game, from its engine error (`Error: the game did not end
 * within 40 steps`), or undefined: a replay of it sets the same limit, whatever limit the run had.
 */
export function stepLimitOf(engineError: string | undefined): number | undefined {
  const limit = /^Error: the game did not end within (\d+) steps$/.exec(engineError ?? '');
  return limit === null ? undefined : Number(limit[1]);
}

/** A seat the game says is to act has nothing to choose from: the engine's error, wherever a decision is asked for. */
function noLegalAction(seat: Seat): Error {
  return new Error(`seat ${seat} is to act but has no legal action`);
}

/**
 * A step of a record that could not be played again: its number (from 1), the step, and what was
 * thrown. `record`: the record is wrong for the game (a step past its end, a malformed action);
 * otherwise `thrown` is the game's own error: a RuleError (the rules refuse the step now) or an
 * engine error, raised by the step or, with `asDecided`, by the decision before it (`deciding`).
 */
export class ReplayStepError extends Error {
  constructor(
    readonly number: number,
    readonly step: RecordedStep,
    readonly thrown: unknown,
    readonly kind: 'record' | 'thrown',
    readonly deciding = false,
  ) {
    super(`step ${number}: ${thrown instanceof Error ? thrown.message : String(thrown)}`);
  }
}

/** Hands each event to `onEvent` (full visibility) and, as its seat sees it, to every observing bot. */
function deliver(events: readonly GameEvent[], bots: readonly (Bot | null)[], observers: readonly number[], onEvent: ((event: GameEvent) => void) | undefined): void {
  for (const event of events) {
    onEvent?.(event);
    for (const seat of observers) {
      const seen = seenEvent(event, seat);
      if (seen !== null) bots[seat]!.observe!(seen);
    }
  }
}

/**
 * The one driver of a seated game: it sets the game up from its seed (or a fixture's forced setup),
 * seats the bots with their context and own random streams, and is the only code outside search
 * players' own simulations that calls a game's `apply` or `forfeit`. It judges every bot decision
 * (throws, illegal answers, move time, a process bot's fault policy), turns faults and departures
 * into forfeits, delivers events as each seat sees them, logs the steps and builds the record.
 *
 * Two ways to drive it: `playToEnd` plays a game between System Players in one go (the tournament's
 * hot loop), and the step methods (`act` for a person's action, `decide` for a System Player's,
 * `depart`, `seatBot`, `replay`) let a terminal, the server or a fixture go at their own pace.
 * A class rather than a literal with closures, since a tournament makes one per game; it is also
 * the game's MatchResult.
 */
export class Referee<S = unknown, A extends Action = Action, V = unknown> implements MatchResult {
  readonly game: GameDefinition<S, A, V>;
  readonly log: StepLog;
  readonly streams: RandomStreams;
  /** The game's state once `open` set it up: the driver reads it, only the referee changes it. */
  state!: S;
  outcome: Outcome | null = null;
  steps = 0;
  // Shared empty lists until a fault: most games have none.
  faults: readonly Fault[] = NO_FAULTS;
  departed: readonly Seat[] = NO_SEATS;
  engineError: string | undefined = undefined;
  engineStack: string | undefined = undefined;
  metrics: Readonly<Record<string, number | null>>[] | undefined = undefined;
  private readonly logged: number;
  private bots: (Bot | null)[];
  private observers: readonly Seat[] = NO_SEATS;
  private finishers: readonly Seat[] = NO_SEATS;
  /** The record's labels, once a seat changed hands; until then the setup's. */
  private labels: string[] | null = null;

  constructor(readonly setup: RefereeSetup<S, A, V>) {
    this.game = setup.game;
    this.log = setup.log ?? new StepLog();
    this.logged = this.log.start();
    this.streams = setup.streams ?? new GameStreams(setup.key ?? seedKey(setup.seed), setup.index);
    // Sized once: an empty array's first push allocates room for 17.
    // Stryker disable next-line ArrayDeclaration: sized for speed only; open() sets every seat
    this.bots = new Array<Bot | null>(setup.seats.length);
  }

  /** Sets the game up and seats the System Players; throws what the game's setup throws. */
  open(): this {
    const { game, variant, config, seats, forced } = this.setup;
    // RefereeSeats are SeatInfos: the engine reads their names.
    // Stryker disable next-line ConditionalExpression: a forced setup given as undefined is none, as an absent one is
    this.state = game.setup({ variant, config, seats, rng: this.streams, ...(forced !== undefined ? { forced } : {}) });
    this.setup.onStart?.(this.state);
    for (let seat = 0; seat < seats.length; seat++) {
      const factory = seats[seat]!.bot;
      this.bots[seat] = factory === null ? null : this.seated(seat, factory);
    }
    return this;
  }

  /**
   * Plays the game to its end between System Players, then tells each bot the outcome. A bot that
   * throws, returns an action that is not legal, or exceeds the move time forfeits (the game's rule
   * for a departed player applies) or has its substitute played; an engine error ends the game with
   * no outcome. Either way the record can be built for replay.
   */
  playToEnd(): this {
    try {
      if (this.bots.includes(null)) throw new Error('a game played to its end seats System Players only');
      playSteps(this, this.game, this.state, this.streams, this.bots, this.observers);
      this.finish();
    } catch (error) {
      this.fail(error);
    }
    this.endBots();
    return this;
  }

  get names(): string[] {
    return this.setup.seats.map((s) => s.name);
  }

  label(seat: Seat): string {
    return this.labels?.[seat] ?? this.setup.seats[seat]!.label;
  }

  /** The seat's System Player, or null for a person's seat. */
  botOf(seat: Seat): Bot | null {
    return this.bots[seat]!;
  }

  /** Who is to act; null once the game is over, or stopped on an engine error. */
  toAct(): Seat | null {
    return this.engineError !== undefined ? null : this.game.toAct(this.state);
  }

  legal(seat: Seat): readonly A[] {
    return this.game.legalActions(this.state, seat);
  }

  view(seat: Seat): V {
    return this.game.view(this.state, seat);
  }

  /** How many steps have been played so far (each changes the state). */
  get played(): number {
    return this.log.length;
  }

  /** The next step would pass the step limit: a decision or an action now stops the game instead. */
  get atStepLimit(): boolean {
    return this.log.length >= (this.setup.maxSteps ?? DEFAULT_MAX_STEPS);
  }

  /** The game is over (or stopped on an engine error). */
  get over(): boolean {
    return this.outcome !== null || this.engineError !== undefined;
  }

  /**
   * A person's action (or a recorded one): a RuleError (the spec's message) leaves everything as it
   * was; any other error is the engine's, for the driver to `fail` with, and the action stays in the
   * log, as in a tournament's, so that the record replays to the failing step. Past the step limit
   * the action is not played: the game stops on an engine error, as a tournament's does.
   */
  act(seat: Seat, action: A): readonly GameEvent[] {
    if (this.stopped()) return NO_EVENTS;
    let events: readonly GameEvent[];
    try {
      events = this.game.apply(this.state, seat, action, this.streams);
    } catch (error) {
      if (!(error instanceof RuleError)) this.log.push(seat, action);
      throw error;
    }
    this.log.push(seat, action);
    this.afterStep(events);
    return events;
  }

  /** What a System Player deciding for `seat` is handed, asked of the game as the tournament's loop asks it. */
  decisionOf(seat: Seat): { readonly view: V; readonly legal: readonly A[] } {
    const view = this.view(seat);
    const legal = this.legal(seat);
    if (legal.length === 0) throw noLegalAction(seat);
    return { view, legal };
  }

  /** The System Player of `seat` decides from its view, judged as in a tournament (past the step limit, as `act`). */
  decide(seat: Seat): Decision {
    if (this.stopped()) return { events: NO_EVENTS };
    const bot = this.bots[seat];
    if (bot === null || bot === undefined) throw new Error(`seat ${seat} has no System Player to decide`);
    const { view, legal } = this.decisionOf(seat);
    const judged = judgeDecision(bot, view, legal, this.setup.moveTimeMs ?? 0);
    if (!(judged instanceof Refusal)) return { events: this.act(seat, judged) };
    const fault = { seat, kind: judged.kind, detail: judged.detail! };
    const events = this.refuse(seat, judged);
    this.whenOver();
    return { events, fault, ...(judged.substitute !== undefined ? { substituted: true } : {}) };
  }

  /** The seat leaves the game (a person who left, a recorded forfeit): the game's rule for a departed player applies. */
  depart(seat: Seat, kind: FaultKind, detail: string | undefined): readonly GameEvent[] {
    const refusal = new Refusal(kind, detail);
    this.departed = [...this.departed, seat];
    this.log.push(seat, refusal);
    const events = this.game.forfeit(this.state, seat);
    deliver(events, this.bots, this.observers, this.setup.onEvent);
    this.whenOver();
    return events;
  }

  /**
   * A System Player takes the seat (a person left, or did not act in time) under a new label; it
   * first reads `seen`, everything the seat has seen so far, as a person taking the seat would.
   */
  seatBot(seat: Seat, factory: BotFactory, label: string, seen: readonly GameEvent[]): void {
    const bot = this.seated(seat, factory);
    this.bots[seat] = bot;
    // Stryker disable next-line ArrowFunction: a seat without a label of its own here falls back on the setup's, which these are
    this.labels ??= this.setup.seats.map((s) => s.label);
    this.labels[seat] = label;
    if (bot.observe !== undefined) for (const event of seen) bot.observe(event);
  }

  /**
   * Plays a record's steps again, as they were played: actions checked against the game's schema,
   * forfeits as recorded; `onStep` hears each step's events. A step that cannot be played throws a
   * ReplayStepError naming it. With `asDecided`, each action is preceded by what the tournament's
   * loop asks of the game before a bot decides (the seat's view and legal actions), so that an
   * engine error there stops the replay where it would stop a tournament.
   */
  replay(steps: readonly RecordedStep[], onStep?: (step: RecordedStep, events: readonly GameEvent[]) => void, asDecided = false): this {
    steps.forEach((step, i) => {
      if (this.toAct() === null) throw new ReplayStepError(i + 1, step, new Error('the game was already over'), 'record');
      let events: readonly GameEvent[];
      if ('forfeit' in step) events = this.replayed(i, step, false, () => this.depart(step.seat, step.forfeit, step.detail));
      else {
        const parsed = this.game.actionSchema.safeParse(step.action);
        if (!parsed.success) throw new ReplayStepError(i + 1, step, new Error(`malformed action: ${describeIssues(parsed.error.issues)}`), 'record');
        if (asDecided) this.replayed(i, step, true, () => this.decisionOf(step.seat));
        events = this.replayed(i, step, false, () => this.act(step.seat, parsed.data));
      }
      onStep?.(step, events);
    });
    return this;
  }

  /** Step `i` of a replay, what it throws named by the step. */
  private replayed<T>(i: number, step: RecordedStep, deciding: boolean, play: () => T): T {
    try {
      return play();
    } catch (error) {
      throw new ReplayStepError(i + 1, step, error, 'thrown', deciding);
    }
  }

  /** The engine failed: the game ends with no outcome, and its record says why. */
  fail(error: unknown): void {
    this.steps = this.log.length;
    this.outcome = null;
    this.engineError = describeError(error);
    this.engineStack = engineStackOf(error);
    this.metrics = undefined;
  }

  /** The steps played so far, as a record says them. */
  recordedSteps(): RecordedStep[] {
    return this.log.recorded(this.logged);
  }

  record(): GameRecord {
    const { game, variant, config, seed, index, seats } = this.setup;
    return {
      schema: 1,
      game: game.id,
      variant,
      config,
      seed,
      index,
      seats: seats.map((s, seat) => ({ name: s.name, bot: this.label(seat) })),
      steps: this.recordedSteps(),
      outcome: this.outcome,
      ...(this.engineError !== undefined ? { engineError: this.engineError } : {}),
      ...(this.engineStack !== undefined ? { engineStack: this.engineStack } : {}),
    };
  }

  /** The seat's fault: it forfeits, or its substitute action is played. */
  refuse(seat: Seat, refusal: Refusal): readonly GameEvent[] {
    this.faults = [...this.faults, { seat, kind: refusal.kind, detail: refusal.detail! }];
    if (refusal.substitute === undefined) {
      this.departed = [...this.departed, seat];
      this.log.push(seat, refusal);
      const events = this.game.forfeit(this.state, seat);
      deliver(events, this.bots, this.observers, this.setup.onEvent);
      return events;
    }
    this.log.push(seat, refusal.substitute);
    const events = this.game.apply(this.state, seat, refusal.substitute as A, this.streams);
    deliver(events, this.bots, this.observers, this.setup.onEvent);
    return events;
  }

  private seated(seat: Seat, factory: BotFactory): Bot {
    const { game, variant, config, seats, seed, index } = this.setup;
    const bot = createSeatBot(factory, { game: game.id, variant, config, seat, seats: seats.length, names: namesOf(seats), rng: this.streams.stream(botStream(seat)), seed, index });
    if (bot.observe !== undefined && !this.observers.includes(seat)) this.observers = [...this.observers, seat];
    if (bot.end !== undefined && !this.finishers.includes(seat)) this.finishers = [...this.finishers, seat];
    return bot;
  }

  /**
   * Whether no step may be played: the game already stopped on an engine error, or this step would
   * pass the limit, which stops it as playSteps does (an engine error, the bots told, once).
   */
  private stopped(): boolean {
    if (this.engineError !== undefined) return true;
    if (!this.atStepLimit) return false;
    this.fail(new Error(stepLimitMessage(this.setup.maxSteps ?? DEFAULT_MAX_STEPS)));
    this.endBots();
    return true;
  }

  private afterStep(events: readonly GameEvent[]): void {
    deliver(events, this.bots, this.observers, this.setup.onEvent);
    this.whenOver();
  }

  /** Played step by step, the game ends as soon as no one is to act. */
  private whenOver(): void {
    if (this.game.toAct(this.state) !== null) return;
    this.finish();
    this.endBots();
  }

  private finish(): void {
    this.setup.onEnd?.(this.state);
    this.steps = this.log.length;
    const finished = this.game.outcome(this.state);
    if (finished === null) throw new Error('the game has no one to act but no outcome');
    this.outcome = finished;
    if (this.game.metrics !== undefined) {
      const metrics = [];
      for (let s = 0; s < this.setup.seats.length; s++) metrics.push(this.game.metrics.read(this.state, s));
      this.metrics = metrics;
    }
  }

  /** Tells each bot that listens how the game ended. */
  endBots(): void {
    for (const seat of this.finishers) this.bots[seat]!.end!(this.outcome);
  }
}

/** The players' names of a lineup, made once per lineup: a batch reuses its lineups' seat lists game after game. */
const lineupNames = new WeakMap<readonly RefereeSeat[], readonly string[]>();
function namesOf(seats: readonly RefereeSeat[]): readonly string[] {
  let names = lineupNames.get(seats);
  // Stryker disable next-line ConditionalExpression: making the names again each time gives the same names, slower (the names themselves: referee-paths.test.ts)
  if (names === undefined) {
    names = Object.freeze(seats.map((s) => s.name));
    lineupNames.set(seats, names);
  }
  return names;
}

/** Sets up a game for a driver that plays it step by step (a person's seat, the server, a fixture). */
export function openReferee<S, A extends Action, V>(setup: RefereeSetup<S, A, V>): Referee<S, A, V> {
  return new Referee(setup).open();
}

/**
 * The tournament's step loop, alone in this function, the rare paths in others: V8 inlines the
 * calls a function makes up to a budget of bytecode, and this loop spends it on the game's and the
 * bot's calls, as a plain loop does. Written into playGame next to the setup and its constructors,
 * V8's inlining trace showed Yahtzee's legalActions left out of the loop; with a decision function
 * of its own (a call and a try per step), playGame was ~4% slower. The view is asked for before the
 * legal actions, as a plain loop's `bot.act(game.view(...), game.legalActions(...))` does: when the
 * budget holds only one of the two calls, made equally often, V8 mostly takes the one later in the
 * code, so this loop then inlines what the plain loop inlines (src/harness/README.md, speed).
 */
function playSteps<S, A extends Action, V>(referee: Referee<S, A, V>, game: GameDefinition<S, A, V>, state: S, rng: RandomStreams, bots: readonly (Bot | null)[], observers: readonly number[]): void {
  const { log, setup } = referee;
  const onEvent = setup.onEvent;
  const maxSteps = setup.maxSteps ?? DEFAULT_MAX_STEPS;
  const limitMs = setup.moveTimeMs ?? 0;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: delivering when no one listens does nothing (that onEvent hears every event: referee-paths.test.ts)
  const listening = observers.length > 0 || onEvent !== undefined;
  const clock = setup.clock;
  // The log's arrays and length in locals, written back before anything else reads or writes it
  // (a refusal, the end, a throw): the loop then loads none of them at each step.
  const { seats: seatsLog, actions: actionsLog } = log;
  let steps = log.length;
  // The seat whose bot is deciding, so that a throw can be told from an engine error.
  let acting = NOBODY;
  let seat: Seat | null;
  for (;;) {
    try {
      while ((seat = game.toAct(state)) !== null) {
        if (steps >= maxSteps) throw new Error(stepLimitMessage(maxSteps));
        const view = game.view(state, seat);
        const legal = game.legalActions(state, seat);
        if (legal.length === 0) throw noLegalAction(seat);
        // Stryker disable next-line ConditionalExpression,EqualityOperator: reading the clock when nothing uses the reading changes nothing (that the clock's decisions are timed: referee-paths.test.ts)
        const started = limitMs > 0 || clock !== undefined ? performance.now() : 0;
        acting = seat;
        const chosen = bots[seat]!.act(view, legal);
        acting = NOBODY;
        if (clock !== undefined) clock.record(seat, performance.now() - started);
        // Bots return an element of `legal`, confirmed where pick() noted it or found by a search;
        // anything else is compared as JSON.
        const action = isOffered(chosen, legal) ? (chosen as A) : chosenLegal(chosen, legal);
        // Stryker disable next-line ConditionalExpression,EqualityOperator: checking a legal answer with no time limit finds nothing (illegal and late answers: referee-steps.test.ts, harness-match.test.ts)
        const refusal = action === null || limitMs > 0 ? checkAnswer(chosen, action, started, limitMs) : null;
        if (refusal !== null) {
          log.length = steps;
          referee.refuse(seat, refusal);
          steps = log.length;
          continue;
        }
        seatsLog[steps] = seat;
        actionsLog[steps] = action!;
        steps++;
        const events = game.apply(state, seat, action!, rng);
        // Stryker disable next-line ConditionalExpression: delivering when no one listens does nothing
        if (listening) deliver(events, bots, observers, onEvent);
      }
      log.length = steps;
      return;
    } catch (error) {
      log.length = steps;
      if (acting === NOBODY) throw error;
      const faulted = acting;
      acting = NOBODY;
      referee.refuse(faulted, refusalOf(error));
      steps = log.length;
    }
  }
}
