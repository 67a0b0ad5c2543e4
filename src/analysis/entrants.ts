import type { AnalysisSummary, CostlyDecision, GameAnalysis } from './analysis.js';
import { byCost } from './analyze-record.js';
import { Moments } from './estimate.js';

/** The costliest decisions over every analysed game kept in a summary. */
export const COSTLIEST_LISTED = 10;

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
