import { chosenLegal, illegalDetail, type Bot, type BotFactory } from '../core/bot.js';
import { describeError } from '../core/errors.js';
import { seenEvent, type GameEvent } from '../core/events.js';
import type { Action, GameDefinition } from '../core/game.js';
import { withForfeits, type Outcome } from '../core/outcome.js';
import type { FaultKind, GameRecord, RecordedStep } from '../core/record.js';
import { botStream, GameStreams, type SeedKey } from '../core/rng.js';
import type { Seat } from '../core/seat.js';
import { BotFault } from './bot-fault.js';

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
  readonly engineError?: string;
  /** Per seat, the game's metrics at its end (games with a `metrics` hook that ended with an outcome). */
  readonly metrics?: readonly Readonly<Record<string, number | null>>[];
  /** Builds the game's record; cheap to skip, since the steps are kept anyway. */
  record(): GameRecord;
}

const DEFAULT_MAX_STEPS = 1_000_000;


/** Why a bot's decision forfeits its seat. */
class Refusal {
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
  private readonly seats: Seat[] = [];
  private readonly actions: (Action | Refusal)[] = [];
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

/**
 * One decision of a bot: the legal action it chose, or a Refusal. Kept out of playGame's loop so
 * that the loop stays small enough for V8 to inline the game's and the bot's calls into it: with
 * the fault handling inline, 1-player Yahtzee played ~25% slower.
 */
function decide(bot: Bot, view: unknown, legal: readonly Action[], limitMs: number): Action | Refusal {
  const started = limitMs > 0 ? performance.now() : 0;
  let chosen: unknown;
  try {
    chosen = bot.act(view, legal);
  } catch (error) {
    if (error instanceof BotFault) return new Refusal(error.kind, error.detail, error.substitute);
    return new Refusal('threw', describeError(error));
  }
  if (limitMs > 0) {
    const took = performance.now() - started;
    if (took > limitMs) return new Refusal('timeout', `took ${took.toFixed(1)} ms, limit ${limitMs} ms`);
  }
  return chosenLegal(chosen, legal) ?? new Refusal('illegal', illegalDetail(chosen));
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

/**
 * Plays one whole game in this thread. A bot that throws, returns an action that is not legal, or
 * exceeds the move time forfeits (the game's rule for a departed player applies) and ranks last;
 * an engine error ends the game with no outcome. Either way the record can be built for replay.
 */
export function playGame(setup: MatchSetup): MatchResult {
  // No closures in here: a variable a closure captures lives in a heap context, and the loop below
  // would load the state, the log and the bots from it at every step.
  const { game, variant, config, seats, onEvent } = setup;
  const rng = new GameStreams(setup.key, setup.index);
  const log = setup.log ?? new StepLog();
  const logged = log.start();
  const faults: Fault[] = [];
  const departed: Seat[] = [];
  let outcome: Outcome | null = null;
  let engineError: string | undefined;
  let metrics: Record<string, number | null>[] | undefined;

  const bots: Bot[] = [];
  const observers: number[] = [];
  const finishers: number[] = [];
  try {
    const state = game.setup({ variant, config, seats: seats.map((s) => ({ name: s.name })), rng });
    setup.onStart?.(state);
    for (let seat = 0; seat < seats.length; seat++) {
      const bot = seats[seat]!.bot.create({
        game: game.id,
        variant,
        config,
        seat,
        seats: seats.length,
        rng: rng.stream(botStream(seat)),
        seed: setup.seed,
        index: setup.index,
      });
      bots.push(bot);
      if (bot.observe !== undefined) observers.push(seat);
      if (bot.end !== undefined) finishers.push(seat);
    }
    const maxSteps = setup.maxSteps ?? DEFAULT_MAX_STEPS;
    const limitMs = setup.moveTimeMs ?? 0;
    const listening = observers.length > 0 || onEvent !== undefined;
    let seat: Seat | null;
    while ((seat = game.toAct(state)) !== null) {
      if (log.length >= maxSteps) throw new Error(`the game did not end within ${maxSteps} steps`);
      const legal = game.legalActions(state, seat);
      if (legal.length === 0) throw new Error(`seat ${seat} is to act but has no legal action`);
      let decision = decide(bots[seat]!, game.view(state, seat), legal, limitMs);
      if (decision instanceof Refusal) {
        faults.push({ seat, kind: decision.kind, detail: decision.detail });
        if (decision.substitute === undefined) {
          departed.push(seat);
          log.push(seat, decision);
          deliver(game.forfeit(state, seat), bots, observers, onEvent);
          continue;
        }
        decision = decision.substitute;
      }
      log.push(seat, decision);
      const events = game.apply(state, seat, decision, rng);
      if (listening) deliver(events, bots, observers, onEvent);
    }
    setup.onEnd?.(state);
    const finished = game.outcome(state);
    if (finished === null) throw new Error('the game has no one to act but no outcome');
    outcome = withForfeits(finished, departed);
    if (game.metrics !== undefined) {
      metrics = [];
      for (let s = 0; s < seats.length; s++) metrics.push(game.metrics.read(state, s));
    }
  } catch (error) {
    engineError = describeError(error);
    outcome = null;
  }
  for (const seat of finishers) bots[seat]!.end!(outcome);

  return new PlayedGame(setup, outcome, log.length, faults, engineError, metrics, log, logged);
}

/** A game's result; a class rather than a literal with a closure, since one is made per game. */
class PlayedGame implements MatchResult {
  constructor(
    private readonly setup: MatchSetup,
    readonly outcome: Outcome | null,
    readonly steps: number,
    readonly faults: readonly Fault[],
    readonly engineError: string | undefined,
    readonly metrics: readonly Readonly<Record<string, number | null>>[] | undefined,
    private readonly log: StepLog,
    private readonly logged: number,
  ) {}

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
