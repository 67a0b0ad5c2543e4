import { chosenLegal, illegalDetail, isOffered, type Bot, type BotFactory } from '../core/bot.js';
import { describeError } from '../core/errors.js';
import { seenEvent, type GameEvent } from '../core/events.js';
import type { Action, GameDefinition } from '../core/game.js';
import type { Outcome } from '../core/outcome.js';
import type { FaultKind, GameRecord, RecordedStep } from '../core/record.js';
import { botStream, GameStreams, type SeedKey } from '../core/rng.js';
import type { Seat } from '../core/seat.js';
import type { DecisionClock } from './decision-times.js';
import { createSeatBot } from './hand-outs.js';
import { BotFault } from '../protocol/bot-fault.js';

export interface MatchSeat {
  /** The player's name inside the game. */
  readonly name: string;
  /** The entrant's label in reports (`greedy`, `random#2`, `./my-bot.js`). */
  readonly label: string;
  readonly bot: BotFactory;
}

export interface MatchSetup {
  readonly game: GameDefinition;
  readonly variant: string;
  /** Validated options. */
  readonly config: unknown;
  readonly seed: string;
  readonly key: SeedKey;
  readonly index: number;
  readonly seats: readonly MatchSeat[];
  /** A decision slower than this is a timeout fault; 0 or absent: no limit. */
  readonly moveTimeMs?: number;
  /** Called with every event as it happens (full visibility), e.g. to print a log. */
  readonly onEvent?: (event: GameEvent) => void;
  /** Called with the state after setup and once the game is over, e.g. to draw the table. */
  readonly onStart?: (state: unknown) => void;
  readonly onEnd?: (state: unknown) => void;
  /** Safety net against an engine that never ends: past this many steps the game is an engine error. */
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
  /** null only when the engine failed. */
  readonly outcome: Outcome | null;
  /** The number of actions played. */
  readonly steps: number;
  readonly faults: readonly Fault[];
  /** The seats that forfeited, in the order they left (a fault played a substitute action instead leaves no one). */
  readonly departed: readonly Seat[];
  readonly engineError?: string;
  /** Per seat, the game's metrics at its end (games with a `metrics` hook that ended with an outcome). */
  readonly metrics?: readonly Readonly<Record<string, number | null>>[];
  /** Builds the game's record; cheap to skip, since the steps are kept anyway. */
  record(): GameRecord;
}

const DEFAULT_MAX_STEPS = 1_000_000;

/** Why a bot's decision forfeits its seat, or has a substitute played for it. */
export class Refusal {
  constructor(
    readonly kind: FaultKind,
    readonly detail: string,
    /** Played for the seat instead of forfeiting it (a process bot's `random` fault policy). */
    readonly substitute?: Action,
  ) {}
}

/**
 * The steps of the game being played, for its record: the seats and what each played (a forfeit as
 * its Refusal) in parallel arrays overwritten in place, not an object per step, since a tournament
 * plays ~50 steps a game at a few hundred ns each and rarely wants the record.
 */
export class StepLog {
  /** Written directly by playSteps, which keeps the length in a local and sets it back. */
  readonly seats: Seat[] = [];
  readonly actions: (Action | Refusal)[] = [];
  length = 0;
  /** Counts the games logged, so that a result can tell its steps were overwritten. */
  game = 0;

  start(): number {
    this.length = 0;
    return ++this.game;
  }

  push(seat: Seat, action: Action | Refusal): void {
    this.seats[this.length] = seat;
    this.actions[this.length] = action;
    this.length++;
  }

  recorded(game: number): RecordedStep[] {
    if (game !== this.game) throw new Error('the step log was reused by another game before this game\'s record was built');
    const steps: RecordedStep[] = [];
    for (let i = 0; i < this.length; i++) {
      const seat = this.seats[i]!;
      const step = this.actions[i];
      steps.push(step instanceof Refusal ? { seat, forfeit: step.kind, detail: step.detail } : { seat, action: step });
    }
    return steps;
  }
}

/** Hands each event to `onEvent` (full visibility) and, as its seat sees it, to every observing bot. */
function deliver(events: readonly GameEvent[], bots: readonly Bot[], observers: readonly number[], onEvent: ((event: GameEvent) => void) | undefined): void {
  for (const event of events) {
    onEvent?.(event);
    for (const seat of observers) {
      const seen = seenEvent(event, seat);
      if (seen !== null) bots[seat]!.observe!(seen);
    }
  }
}

/** Why a bot's throw forfeits its seat (a process bot's BotFault says itself). */
function refusalOf(error: unknown): Refusal {
  if (error instanceof BotFault) return new Refusal(error.kind, error.detail, error.substitute);
  return new Refusal('threw', describeError(error));
}

/** The refusal of an answer that came too late or is not a legal action, or null for a good one. */
function checkAnswer(chosen: unknown, action: Action | null, started: number, limitMs: number): Refusal | null {
  if (limitMs > 0) {
    const took = performance.now() - started;
    if (took > limitMs) return new Refusal('timeout', `took ${took.toFixed(1)} ms, limit ${limitMs} ms`);
  }
  return action === null ? new Refusal('illegal', illegalDetail(chosen)) : null;
}

/**
 * One decision of a bot outside the tournament's step loop (a table at the terminal, the server),
 * judged as that loop judges it: the legal action chosen, or why it is refused (a throw, a process
 * bot's named fault with its substitute under `onFault: "random"`, an illegal answer, a late one).
 */
export function judgeDecision<A extends Action>(bot: Bot, view: unknown, legal: readonly A[], limitMs: number): A | Refusal {
  const started = limitMs > 0 ? performance.now() : 0;
  let chosen: unknown;
  try {
    chosen = bot.act(view, legal);
  } catch (error) {
    return refusalOf(error);
  }
  const action = chosenLegal(chosen, legal);
  return checkAnswer(chosen, action, started, limitMs) ?? action!;
}

/**
 * Plays one whole game in this thread. A bot that throws, returns an action that is not legal, or
 * exceeds the move time forfeits (the game's rule for a departed player applies) and ranks last;
 * an engine error ends the game with no outcome. Either way the record can be built for replay.
 */
export function playGame(setup: MatchSetup): MatchResult {
  const { game, variant, config, seats, onEvent } = setup;
  const rng = new GameStreams(setup.key, setup.index);
  const log = setup.log ?? new StepLog();
  const played = new PlayedGame(setup, log, log.start());
  // Sized once: an empty array's first push allocates room for 17.
  const bots = new Array<Bot>(seats.length);
  let observers = NO_SEATS;
  let finishers = NO_SEATS;
  try {
    // MatchSeats are SeatInfos: the engine reads their names.
    const state = game.setup({ variant, config, seats, rng });
    setup.onStart?.(state);
    const names = namesOf(seats);
    for (let seat = 0; seat < seats.length; seat++) {
      const bot = createSeatBot(seats[seat]!.bot, {
        game: game.id,
        variant,
        config,
        seat,
        seats: seats.length,
        names,
        rng: rng.stream(botStream(seat)),
        seed: setup.seed,
        index: setup.index,
      });
      bots[seat] = bot;
      if (bot.observe !== undefined) observers = [...observers, seat];
      if (bot.end !== undefined) finishers = [...finishers, seat];
    }
    playSteps(played, game, state, rng, bots, observers);
    setup.onEnd?.(state);
    played.finish(game, state);
  } catch (error) {
    played.fail(error);
  }
  for (const seat of finishers) bots[seat]!.end!(played.outcome);
  return played;
}

/** The players' names of a lineup, made once per lineup: a batch reuses its lineups' seat lists game after game. */
const lineupNames = new WeakMap<readonly MatchSeat[], readonly string[]>();
function namesOf(seats: readonly MatchSeat[]): readonly string[] {
  let names = lineupNames.get(seats);
  if (names === undefined) {
    names = Object.freeze(seats.map((s) => s.name));
    lineupNames.set(seats, names);
  }
  return names;
}

const NOBODY = -1;
const NO_SEATS: readonly Seat[] = [];
const NO_FAULTS: readonly Fault[] = [];

/**
 * Plays the game to its end. The step loop is alone in this function, the rare paths in others:
 * V8 inlines the calls a function makes up to a budget of bytecode, and this loop spends it on the
 * game's and the bot's calls, as a plain loop does. Written into playGame next to the setup and its
 * constructors, V8's inlining trace showed Yahtzee's legalActions left out of the loop; with a
 * decision function of its own (a call and a try per step), playGame was ~4% slower.
 */
function playSteps(played: PlayedGame, game: GameDefinition, state: unknown, rng: GameStreams, bots: readonly Bot[], observers: readonly number[]): void {
  const { log, setup } = played;
  const onEvent = setup.onEvent;
  const maxSteps = setup.maxSteps ?? DEFAULT_MAX_STEPS;
  const limitMs = setup.moveTimeMs ?? 0;
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
        if (steps >= maxSteps) throw new Error(`the game did not end within ${maxSteps} steps`);
        const legal = game.legalActions(state, seat);
        if (legal.length === 0) throw new Error(`seat ${seat} is to act but has no legal action`);
        const view = game.view(state, seat);
        const started = limitMs > 0 || clock !== undefined ? performance.now() : 0;
        acting = seat;
        const chosen = bots[seat]!.act(view, legal);
        acting = NOBODY;
        if (clock !== undefined) clock.record(seat, performance.now() - started);
        // Bots return an element of `legal`, confirmed where pick() noted it or found by a search;
        // anything else is compared as JSON.
        const action = isOffered(chosen, legal) ? (chosen as Action) : chosenLegal(chosen, legal);
        const refusal = action === null || limitMs > 0 ? checkAnswer(chosen, action, started, limitMs) : null;
        if (refusal !== null) {
          log.length = steps;
          played.refuse(game, state, seat, refusal, rng, bots, observers);
          steps = log.length;
          continue;
        }
        seatsLog[steps] = seat;
        actionsLog[steps] = action!;
        steps++;
        const events = game.apply(state, seat, action!, rng);
        if (listening) deliver(events, bots, observers, onEvent);
      }
      log.length = steps;
      return;
    } catch (error) {
      log.length = steps;
      if (acting === NOBODY) throw error;
      const faulted = acting;
      acting = NOBODY;
      played.refuse(game, state, faulted, refusalOf(error), rng, bots, observers);
      steps = log.length;
    }
  }
}

/**
 * A game's result, filled in as the game is played (its faults) and when it ends; a class rather
 * than a literal with a closure, since one is made per game.
 */
class PlayedGame implements MatchResult {
  outcome: Outcome | null = null;
  steps = 0;
  // Shared empty lists until a fault: most games have none.
  faults: readonly Fault[] = NO_FAULTS;
  engineError: string | undefined = undefined;
  metrics: Readonly<Record<string, number | null>>[] | undefined = undefined;
  departed: readonly Seat[] = NO_SEATS;

  constructor(
    readonly setup: MatchSetup,
    readonly log: StepLog,
    private readonly logged: number,
  ) {}

  /** The seat's fault: it forfeits, or its substitute action is played. */
  refuse(game: GameDefinition, state: unknown, seat: Seat, refusal: Refusal, rng: GameStreams, bots: readonly Bot[], observers: readonly number[]): void {
    this.faults = [...this.faults, { seat, kind: refusal.kind, detail: refusal.detail }];
    const onEvent = this.setup.onEvent;
    if (refusal.substitute === undefined) {
      this.departed = [...this.departed, seat];
      this.log.push(seat, refusal);
      deliver(game.forfeit(state, seat), bots, observers, onEvent);
      return;
    }
    this.log.push(seat, refusal.substitute);
    deliver(game.apply(state, seat, refusal.substitute, rng), bots, observers, onEvent);
  }

  finish(game: GameDefinition, state: unknown): void {
    this.steps = this.log.length;
    const finished = game.outcome(state);
    if (finished === null) throw new Error('the game has no one to act but no outcome');
    this.outcome = finished;
    if (game.metrics !== undefined) {
      const metrics = [];
      for (let s = 0; s < this.setup.seats.length; s++) metrics.push(game.metrics.read(state, s));
      this.metrics = metrics;
    }
  }

  fail(error: unknown): void {
    this.steps = this.log.length;
    this.outcome = null;
    this.engineError = describeError(error);
    this.metrics = undefined;
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
      seats: seats.map((s) => ({ name: s.name, bot: s.label })),
      steps: this.log.recorded(this.logged),
      outcome: this.outcome,
      ...(this.engineError !== undefined ? { engineError: this.engineError } : {}),
    };
  }
}
