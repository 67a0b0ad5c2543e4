import type { z } from 'zod';
import type { GameEvent } from './events.js';
import type { Outcome } from './outcome.js';
import type { RandomStreams, Rng } from './rng.js';
import type { Seat, SeatInfo } from './seat.js';

/** Every action is a plain JSON object with a `type`; the rest is the game's. */
export interface Action {
  readonly type: string;
}

export interface VariantInfo {
  readonly id: string;
  readonly title: string;
  readonly players: readonly [min: number, max: number];
}

/** One per-seat game metric, for the reports' legend. */
export interface MetricInfo {
  /** camelCase: the key under `entrants[i].metrics` in summary.json. */
  readonly name: string;
  /** What it counts, in one line. */
  readonly description: string;
}

/**
 * Numbers a tournament averages per entrant beyond wins and scores (turns to a correct accusation,
 * Yahtzees scored, ...), read from each seat once the game is over. Values are whole numbers, so
 * the harness sums them exactly and merged shards give the same bytes; null means the metric does
 * not apply to that seat in that game (e.g. turns to a correct accusation for a seat that made none).
 */
export interface GameMetrics<S> {
  /** Every metric `read` returns, in the order reports list them. */
  readonly list: readonly MetricInfo[];
  read(state: S, seat: Seat): Record<string, number | null>;
}

/**
 * An exact distribution of the final score that reports draw beside the sampled scores (e.g.
 * Yahtzee under optimal play), with the exact means of some metrics under the same play.
 */
export interface ReferenceScores {
  /** Who plays it, for the report's table row and chart legend. */
  readonly label: string;
  /** probabilities[s]: the probability of a final score of s (s >= 0). */
  readonly probabilities: readonly number[];
  /** By metric name: the metric's exact mean under this play. */
  readonly metrics: Readonly<Record<string, number>>;
}

/** What a game was set up with, everything of `SetupContext` every seat knows. */
export interface PublicSetup<C> {
  readonly variant: string;
  readonly config: C;
  readonly seats: readonly SeatInfo[];
}

/**
 * One fact a step of play makes known by the rules, as plain JSON: public, or known to the seats
 * `to` lists alone (the card a Clue refuter shows, seen by the suggester).
 */
export interface PublishedFact {
  readonly to?: readonly Seat[];
  readonly [field: string]: unknown;
}

export interface SetupContext<C> {
  readonly variant: string;
  /** Already validated by the game's `configSchema`. */
  readonly config: C;
  readonly seats: readonly SeatInfo[];
  readonly rng: RandomStreams;
  /**
   * A fixture's forced setup (hands, case file, positions, ...), in the shape of the game's
   * `forcedSchema`, already validated. Absent in real play.
   */
  readonly forced?: unknown;
}

/**
 * The one contract every game fills in (think OpenSpiel's State, with JSON everywhere). A state is
 * a plain JSON-serialisable object that `apply` and `forfeit` mutate in place: the only mutation in
 * the engine, kept there because it is the hot path of every tournament. Everything else reads.
 *
 * - `toAct` is whoever must decide now: usually the current player, but e.g. Clue's refuter when a
 *   suggestion names cards they hold. null once the game is over.
 * - `legalActions(state, seat)` is every action a bot may choose, [] for a seat not to act. The
 *   array and its objects may be shared and reused by the game: treat them as read-only and valid
 *   until the next `apply`.
 * - `apply` validates first and throws a RuleError (the spec's message) without changing anything,
 *   or changes the state and returns the events. It accepts more than `legalActions` lists where
 *   people need it (a Clue path square by square, dice typed in from a physical roll).
 * - `view(state, seat)` is everything that seat may know and nothing more; bots only ever see views.
 * - `forfeit` removes a seat that broke the rules of play (a fault, a person who left): the game
 *   goes on without it, or ends, by the game's rule for a departed player. It is handed no random
 *   streams, so a departure draws nothing (no die, card or shuffle): a draw it makes due (a
 *   roll-off among the seats still in) waits for a later `apply`, and nothing already drawn is ever
 *   drawn again because someone left. It may change the state (the seat out of the turn order, the
 *   turn passed on, the game ended) and returns the events saying so; it never throws: a seat that
 *   already left, or a game that is over, gives no events.
 * - `outcome` is the one place where departures become ranks: the seats that forfeited rank last,
 *   in the order they left, by `withForfeits` (src/core/outcome.ts). A place a seat earned before
 *   leaving (a Clue solver played on for places) is kept: only seats whose place was still open are
 *   passed. Drivers take it as it is.
 * - `sampleState`, `clone` and `published` describe information sets, for search players and the
 *   leak checker (test/information-sets.test.ts); src/core/README.md explains the whole contract.
 *   The generic search player `ismcts` plays every game it can draw a state for (`stateSampler`):
 *   a game with hidden information gets it by providing `sampleState`, a game declaring
 *   `perfectInformation` without one; any other game gets the generic `random` alone.
 */
export interface GameDefinition<S = unknown, A extends Action = Action, V = unknown, C = unknown> {
  readonly id: string;
  readonly title: string;
  /** One line for `parlor games`. */
  readonly summary: string;
  readonly players: readonly [min: number, max: number];
  /** The first is the default. Empty for games without variants. */
  readonly variants: readonly VariantInfo[];
  /** Validates the options (`--set key=value`) and fills in their defaults. */
  readonly configSchema: z.ZodType<C>;
  /**
   * The validated options with what the variant decides filled in (options whose default is the
   * variant's, which `configSchema` cannot know: Clue's rules), or an InputError in one line for a
   * combination the variant cannot play. Drivers that record games call it (`resolveOptions`,
   * options.ts), so that records and summaries state every option in effect; `setup` applies the
   * same defaults to a config that was not resolved (an older record, a fixture). Absent: the
   * schema's defaults are all there is.
   */
  resolveConfig?(config: C, variant: string): C;
  /** The shape of every action, for actions from outside (records, fixtures, people, processes). */
  readonly actionSchema: z.ZodType<A>;
  /** The shape of a fixture's forced setup. */
  readonly forcedSchema?: z.ZodType;

  setup(ctx: SetupContext<C>): S;
  toAct(state: S): Seat | null;
  /**
   * What `seat` may do now. The list and its actions are the engine's own, cached and shared with
   * later steps and other games: read them, never write them (the table API, src/table, hands out
   * frozen copies; allocating them here would cost every step of every tournament).
   */
  legalActions(state: S, seat: Seat): readonly A[];
  /** The step's events; like the legal lists and views, the engine's own objects, to read and never to write. */
  apply(state: S, seat: Seat, action: A, rng: RandomStreams): readonly GameEvent[];
  /** Everything `seat` may know now; it may share objects with the state, so it is read and never written. */
  view(state: S, seat: Seat): V;
  /** Non-null exactly when `toAct` is null; the seats that forfeited already rank last in it. */
  outcome(state: S): Outcome | null;
  /**
   * What an outcome ranks under these options: 'winner' when it names the winners and ties every
   * other seat (Clue's default rules), so that ratings are fitted on who won (Plackett-Luce on the
   * winner) and not on ties that carry no information; 'full' (the default, when absent) when it
   * ranks the seats by how they did.
   */
  ranks?(config: C): 'winner' | 'full';
  /** Where outcomes rank only the winner: the option (`key=value`) that plays on for places, for reports to name. */
  readonly placesOption?: string;
  /** The seat leaves (see above): no random streams are handed in, so a departure draws nothing. */
  forfeit(state: S, seat: Seat): readonly GameEvent[];
  /**
   * One line of a notebook: the event (already as `viewer` sees it) in the spec's wording for that
   * perspective and variant ("I formulated...", "X formulated..."; Clue's classic rules word a
   * suggestion as "I suggest..."); `viewer` null is the all-seeing narrator.
   */
  describe(event: GameEvent, viewer: Seat | null, names: readonly string[], variant: string): string;
  /** A person-readable label of an action, for menus and logs. */
  describeAction(action: A, state: S, seat: Seat): string;
  /** The validity rule for names people type, as the spec's message, or null when `name` is fine. */
  checkName?(name: string, taken: readonly string[]): string | null;
  /** The table as text for a terminal (a Clue board with pawns and weapons), public information only. */
  render?(state: S): string;
  /**
   * A complete state drawn from what `seat` knows: `view` is its current view and `seen` every
   * event it has seen since setup, in order, as `seenEvent` gives them (exactly what its bot
   * received). Play continues from the result under the contract, and `view(result, seat)` is
   * deep-equal to `view`. What the seat cannot see is drawn from `rng` (each game says how, in its
   * README). Games set up from a fixture's forced setup are outside its reach. It only reads `view`
   * and `seen`, and play from the result never writes into them: a search player hands it the
   * referee's own objects.
   * Required of a game with hidden information for the search player `ismcts` to play it.
   */
  sampleState?(setup: PublicSetup<C>, seat: Seat, view: V, seen: readonly GameEvent[], rng: Rng): S;
  /**
   * True when no seat is ever kept from anything: every seat's view is the whole state, one that
   * play continues from (`view(state, seat)` deep-equal to `state`), so that a copy of a view is
   * the one state a seat's knowledge allows and the game needs no `sampleState`. Chance still to
   * come is not hidden: it is drawn as play goes on. Absent: the game has hidden information.
   */
  readonly perfectInformation?: boolean;
  /** A copy that `apply` on either side leaves the other alone; absent, `structuredClone` (see `cloneState`). */
  clone?(state: S): S;
  /**
   * The facts the rules make known by one step of play, given the step's events (what `apply` or
   * `forfeit` returned, unredacted): public facts, and facts addressed to the seats the rules let
   * know them. Written from the rules, apart from the events' own visibility, so that the leak
   * checker can hold the two against each other.
   */
  published?(events: readonly GameEvent[]): readonly PublishedFact[];
  /**
   * A one-player game's score that counts as a reward of 1 for a search player (`ismcts`), given
   * the options; in games of several players the reward is a seat's share of the win.
   */
  scoreScale?(config: C): number;
  /** Per-seat metrics for tournament reports. */
  readonly metrics?: GameMetrics<S>;
  /**
   * True where the rules keep scores private (Yahtzee: a player sees only its own totals and the
   * winner's): a log written for one seat then shows no other score.
   */
  readonly privateScores?: boolean;
}

/** How messages name a game: "clue (cluedo)", or the id alone for a game without variants. */
export function gameLabel(gameId: string, variant: string): string {
  return variant ? `${gameId} (${variant})` : gameId;
}

/** How a search player draws a complete state from what one seat knows (see `sampleState` for the arguments). */
export type StateSampler<S = unknown, V = unknown, C = unknown> = (setup: PublicSetup<C>, seat: Seat, view: V, seen: readonly GameEvent[], rng: Rng) => S;

/**
 * The game's `sampleState`; for a game of perfect information without one, a copy of the view (the
 * whole state, by that promise); null for a game with hidden information and no `sampleState`,
 * which no search player can play.
 */
export function stateSampler<S, V, C>(game: GameDefinition<S, Action, V, C>): StateSampler<S, V, C> | null {
  if (game.sampleState !== undefined) return game.sampleState.bind(game);
  if (game.perfectInformation === true) return (_setup, _seat, view) => cloneState(game, view as unknown as S);
  return null;
}

/** An independent copy of `state`: the game's own `clone` where it has one, else `structuredClone`. */
export function cloneState<S>(game: GameDefinition<S>, state: S): S {
  return game.clone !== undefined ? game.clone(state) : structuredClone(state);
}
