import type { GameDefinition } from '../core/game.js';
import type { GameRecord } from '../core/record.js';
import type { Seat } from '../core/seat.js';
import type { Estimate } from './estimate.js';

/**
 * One decision of one seat, scored against the exact answer from what that seat knew when it chose:
 * how much the chosen action is worse than the best one, in its analyzer's unit.
 */
export interface ScoredDecision {
  /** The record's step, from 1, as `parlor replay` and `parlor view` number them. */
  readonly step: number;
  readonly seat: Seat;
  /** The action chosen, in the game's words (`describeAction`). */
  readonly action: string;
  /** What choosing it cost against the best action, in the analyzer's unit: 0 or more. */
  readonly loss: number;
  /** The best action in that position, in the game's words; the chosen one when it lost nothing. */
  readonly best: string;
  /** The analyzer's own numbers for the decision (Yahtzee: the chosen and best expected final scores). */
  readonly numbers: Readonly<Record<string, number>>;
  /**
   * What the loss alone does not say, in a few words, shown beside the decision (Clue: an
   * accusation's chance of being right when made, "p = 0.42, wrong").
   */
  readonly note?: string;
}

/** One seat's decisions of one game, summed. */
export interface SeatAnalysis {
  readonly seat: Seat;
  readonly name: string;
  /** The entrant: the seat's bot label as the record names it. */
  readonly bot: string;
  readonly decisions: number;
  readonly totalLoss: number;
  /** By threshold (the analyzer's `costly`, as text): the decisions that lost at least that much. */
  readonly costly: Readonly<Record<string, number>>;
  /** Its costliest decisions, costliest first (at most COSTLIEST_KEPT), that lost anything. */
  readonly costliest: readonly ScoredDecision[];
  /** The seat played the game to its end: it did not forfeit, and the game has an outcome. */
  readonly complete: boolean;
  /** Its score in the record's outcome, when the game has scores. */
  readonly score?: number;
  /**
   * The expected score of the whole game under exact play, where the analyzer knows it (Yahtzee:
   * the optimal value of the series): with `totalLoss`, an estimate of the seat's expected score
   * that the luck of the dice does not move.
   */
  readonly optimalScore?: number;
  /** The analyzer's own per-seat numbers. */
  readonly numbers: Readonly<Record<string, number>>;
}

/** One game's analysis: every scored decision, and each seat's sums. */
export interface GameAnalysis {
  readonly schema: 1;
  readonly game: string;
  readonly variant: string;
  readonly seed: string;
  /** The game's number in its run (records.jsonl's `gameIndex`), else the record's place in its file. */
  readonly gameIndex: number;
  readonly unit: string;
  /** The analyzer's thresholds of a costly decision, ascending: a viewer marks losses of at least the first. */
  readonly costly: readonly number[];
  /** What the analysis assumes, said with every table of it. */
  readonly caveat: string;
  readonly decisions: readonly ScoredDecision[];
  readonly seats: readonly SeatAnalysis[];
}

/** A step that is a seat's choice: a forfeit is none. */
export interface ChosenStep {
  readonly seat: Seat;
  readonly action: unknown;
  /** Its number in the record, from 1. */
  readonly number: number;
}

/** The scorer of one game's decisions: may keep scratch between its calls, never between games. */
export interface DecisionScorer {
  /**
   * The decision `step` made in `state`, the state it was chosen in (read it now: it changes once
   * the step is played), or null when the step is no decision worth scoring (a single legal action).
   */
  score(state: unknown, step: ChosenStep): ScoredDecision | null;
  /** Per-seat numbers of the game, from its final state. */
  seatNumbers?(state: unknown, seat: Seat): Record<string, number>;
}

/** A record's decisions scored, and each seat's own numbers (by seat). */
export interface RecordScores {
  readonly decisions: readonly ScoredDecision[];
  readonly seatNumbers: readonly Readonly<Record<string, number>>[];
}

/** A decision with the game and entrant it belongs to, for a list over many games. */
export interface CostlyDecision extends ScoredDecision {
  readonly gameIndex: number;
  readonly bot: string;
}

/** One entrant's decisions over the analysed games (a game counts once per seat it played). */
export interface EntrantAnalysis {
  readonly entrant: string;
  readonly games: number;
  readonly decisions: number;
  /** The loss of a game, summed over its decisions: mean over games, with its interval. */
  readonly totalLoss: Estimate;
  /** Over the games: the decisions losing at least each threshold. */
  readonly costly: Readonly<Record<string, number>>;
  /** The raw score of its complete games (those it played to the end). */
  readonly score?: Estimate;
  /**
   * Luck removed: the optimal expected score less the game's total loss, over its complete games.
   * The loss of a decision does not depend on the dice that follow it, so this carries far less
   * variance than the score and estimates the same expectation.
   */
  readonly luckRemoved?: Estimate;
  /** The analyzer's per-seat numbers, summed over the games. */
  readonly numbers: Readonly<Record<string, number>>;
}

/** What `parlor analyze` says about a set of games. */
export interface AnalysisSummary {
  readonly schema: 1;
  readonly game: string;
  readonly unit: string;
  /** Each caveat the games' analyses state, once. */
  readonly caveats: readonly string[];
  readonly games: number;
  /** The expected score of a game under exact play, where the analyzer knows it (every game the same). */
  readonly optimalScore?: number;
  readonly entrants: readonly EntrantAnalysis[];
  readonly costliest: readonly CostlyDecision[];
}

/** A column of the per-entrant table, after the entrant, its games and its decisions. */
export interface AnalysisColumn {
  readonly head: string;
  cell(entrant: EntrantAnalysis): string;
}

/**
 * A game's analysis: which game it serves, the unit of its losses, what its model assumes, how it
 * scores a record's decisions and the columns its entrants' table shows.
 */
export interface GameAnalyzer {
  readonly gameId: string;
  /** The unit of a loss, plural: "points", "bits". */
  readonly unit: string;
  /** Losses of at least these many units count as costly decisions (ascending). */
  readonly costly: readonly number[];
  /** What the analysis of this record assumes, in a sentence. */
  caveat(record: GameRecord): string;
  /** The expected score of a seat under exact play from the start of the record's game, where known. */
  optimalScore?(record: GameRecord): number;
  /**
   * Every decision of the record worth scoring, in step order, each judged by what its seat knew,
   * and each seat's own numbers; a record that does not replay as recorded is an InputError.
   */
  analyze(record: GameRecord, game: GameDefinition): RecordScores;
  /** The per-entrant table's columns of this game's aggregates. */
  readonly columns: readonly AnalysisColumn[];
  /** What the table's numbers mean beyond their headings, said under it. */
  legend(summary: AnalysisSummary): string;
}

/** A game with no analysis, and why: said in one line to whoever asks for one. */
export interface NoAnalysis {
  readonly gameId: string;
  readonly reason: string;
}
