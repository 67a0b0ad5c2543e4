import type { GameAnalysis, ScoredDecision } from './analysis.js';
import { byCost } from './analyze-record.js';
import { Moments, type Estimate } from './estimate.js';

/** The costliest decisions over every analysed game kept in a summary. */
export const COSTLIEST_LISTED = 10;

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

interface Sums {
  games: number;
  decisions: number;
  readonly loss: Moments;
  readonly score: Moments;
  readonly luckRemoved: Moments;
  readonly costly: Record<string, number>;
  readonly numbers: Record<string, number>;
}

/** Sums games' analyses one at a time, so that any number of games costs one game's memory. */
export class AnalysisTally {
  private game: string | null = null;
  private unit = '';
  private games = 0;
  private readonly caveats = new Set<string>();
  private readonly optimalScores = new Set<number>();
  private readonly sums = new Map<string, Sums>();
  private costliest: CostlyDecision[] = [];

  add(analysis: GameAnalysis): void {
    this.game ??= analysis.game;
    this.unit = analysis.unit;
    this.games++;
    this.caveats.add(analysis.caveat);
    for (const seat of analysis.seats) {
      let sums = this.sums.get(seat.bot);
      if (sums === undefined) {
        sums = { games: 0, decisions: 0, loss: new Moments(), score: new Moments(), luckRemoved: new Moments(), costly: {}, numbers: {} };
        this.sums.set(seat.bot, sums);
      }
      sums.games++;
      sums.decisions += seat.decisions;
      sums.loss.add(seat.totalLoss);
      for (const [threshold, n] of Object.entries(seat.costly)) sums.costly[threshold] = (sums.costly[threshold] ?? 0) + n;
      for (const [key, n] of Object.entries(seat.numbers)) sums.numbers[key] = (sums.numbers[key] ?? 0) + n;
      if (seat.complete && seat.score !== undefined) sums.score.add(seat.score);
      if (seat.complete && seat.optimalScore !== undefined) {
        sums.luckRemoved.add(seat.optimalScore - seat.totalLoss);
        this.optimalScores.add(seat.optimalScore);
      }
      this.costliest.push(...seat.costliest.map((d) => ({ ...d, gameIndex: analysis.gameIndex, bot: seat.bot })));
    }
    this.costliest = this.costliest.sort(byCost).slice(0, COSTLIEST_LISTED);
  }

  summary(): AnalysisSummary {
    const optimal = this.optimalScores.size === 1 ? [...this.optimalScores][0]! : undefined;
    return {
      schema: 1,
      game: this.game ?? '',
      unit: this.unit,
      caveats: [...this.caveats],
      games: this.games,
      ...(optimal !== undefined ? { optimalScore: optimal } : {}),
      entrants: [...this.sums].map(([entrant, s]) => ({
        entrant,
        games: s.games,
        decisions: s.decisions,
        totalLoss: s.loss.estimate(),
        costly: s.costly,
        ...(s.score.count > 0 ? { score: s.score.estimate() } : {}),
        ...(s.luckRemoved.count > 0 ? { luckRemoved: s.luckRemoved.estimate() } : {}),
        numbers: s.numbers,
      })),
      costliest: this.costliest,
    };
  }
}
