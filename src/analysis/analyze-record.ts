import { InputError } from '../core/errors.js';
import type { GameDefinition } from '../core/game.js';
import type { GameRecord } from '../core/record.js';
import type { Seat } from '../core/seat.js';
import { findGame } from '../games/registry.js';
import type { GameAnalysis, GameAnalyzer, RecordScores, ScoredDecision, SeatAnalysis } from './analysis.js';
import { analyzerOf } from './analyzers.js';

/** A seat's costliest decisions kept in its game's analysis. */
export const COSTLIEST_KEPT = 5;

/** Costliest first; of equal losses, the earlier step. */
export function byCost(a: ScoredDecision, b: ScoredDecision): number {
  return b.loss - a.loss || a.step - b.step;
}

function seatAnalysis(record: GameRecord, analyzer: GameAnalyzer, seat: Seat, decisions: readonly ScoredDecision[], numbers: Readonly<Record<string, number>>): SeatAnalysis {
  const own = decisions.filter((d) => d.seat === seat);
  const costly: Record<string, number> = {};
  for (const threshold of analyzer.costly) costly[String(threshold)] = own.filter((d) => d.loss >= threshold).length;
  const forfeited = record.steps.some((step) => step.seat === seat && 'forfeit' in step);
  const score = record.outcome?.score?.[seat];
  const optimalScore = analyzer.optimalScore?.(record);
  return {
    seat,
    name: record.seats[seat]!.name,
    bot: record.seats[seat]!.bot,
    decisions: own.length,
    totalLoss: own.reduce((sum, d) => sum + d.loss, 0),
    costly,
    costliest: own.filter((d) => d.loss > 0).sort(byCost).slice(0, COSTLIEST_KEPT),
    complete: record.outcome !== null && !forfeited,
    ...(score !== undefined ? { score } : {}),
    ...(optimalScore !== undefined ? { optimalScore } : {}),
    numbers,
  };
}

/**
 * Every decision of every seat of `record` scored by its game's analyzer, each in the state it was
 * made in, and each seat's sums. A record that does not replay is one line saying which game and
 * where it differs.
 */
export function analyzeRecord(record: GameRecord, gameIndex: number, game: GameDefinition = findGame(record.game)): GameAnalysis {
  const analyzer = analyzerOf(game.id);
  let scores: RecordScores;
  try {
    scores = analyzer.analyze(record, game);
  } catch (error) {
    if (error instanceof InputError) throw new InputError(`game ${gameIndex}: ${error.message}`);
    throw error;
  }
  const { decisions, seatNumbers } = scores;
  return {
    schema: 1,
    game: record.game,
    variant: record.variant,
    seed: record.seed,
    gameIndex,
    unit: analyzer.unit,
    costly: analyzer.costly,
    caveat: analyzer.caveat(record),
    decisions,
    seats: record.seats.map((_, seat) => seatAnalysis(record, analyzer, seat, decisions, seatNumbers[seat] ?? {})),
  };
}
