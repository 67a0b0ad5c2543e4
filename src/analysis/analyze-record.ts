import { InputError } from '../core/errors.js';
import type { GameDefinition } from '../core/game.js';
import type { GameRecord } from '../core/record.js';
import type { Seat } from '../core/seat.js';
import { findGame } from '../games/registry.js';
import { replayRecord } from '../referee/replay.js';
import type { GameAnalysis, GameAnalyzer, ScoredDecision, SeatAnalysis } from './analysis.js';
import { analyzerOf } from './analyzers.js';

/** A seat's costliest decisions kept in its game's analysis. */
export const COSTLIEST_KEPT = 5;

/** Costliest first; of equal losses, the earlier step. */
export function byCost(a: ScoredDecision, b: ScoredDecision): number {
  return b.loss - a.loss || a.step - b.step;
}

function seatAnalysis(record: GameRecord, analyzer: GameAnalyzer, seat: Seat, decisions: readonly ScoredDecision[], numbers: Record<string, number>): SeatAnalysis {
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
 * made in, and each seat's sums. A record that does not replay is one line saying where it differs.
 */
export function analyzeRecord(record: GameRecord, gameIndex: number, game: GameDefinition = findGame(record.game)): GameAnalysis {
  const analyzer = analyzerOf(game.id);
  const scorer = analyzer.scorer(record, game);
  const decisions: ScoredDecision[] = [];
  // Called once set up and after each step: the state is the one the next step is chosen in.
  let next = 0;
  const replay = replayRecord(record, {
    game,
    onStep: (state) => {
      const step = record.steps[next++];
      if (step === undefined || 'forfeit' in step) return;
      const action = game.actionSchema.safeParse(step.action);
      if (!action.success) return;
      const scored = scorer.score(state, { seat: step.seat, action: action.data, number: next });
      if (scored !== null) decisions.push(scored);
    },
  });
  if (replay.mismatch !== null) throw new InputError(`game ${gameIndex} does not replay, so it cannot be analysed: ${replay.mismatch}`);
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
    seats: record.seats.map((_, seat) => seatAnalysis(record, analyzer, seat, decisions, scorer.seatNumbers?.(replay.state, seat) ?? {})),
  };
}
