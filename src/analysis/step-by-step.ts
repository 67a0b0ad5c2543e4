import { InputError } from '../core/errors.js';
import type { GameDefinition } from '../core/game.js';
import type { GameRecord } from '../core/record.js';
import { replayRecord } from '../referee/replay.js';
import type { DecisionScorer, RecordScores, ScoredDecision } from './analysis.js';

/** What a record that no longer makes the game it records is told: its steps are not that game. */
export function notReplayed(mismatch: string): InputError {
  return new InputError(`the record does not replay as recorded, so it cannot be analysed: ${mismatch}`);
}

/**
 * A game's analysis for an analyzer that judges each decision alone: the record replayed, each
 * step handed to `scorer` in the state it was chosen in, and each seat's numbers from the final state.
 */
export function scoreEachStep(record: GameRecord, game: GameDefinition, scorer: DecisionScorer): RecordScores {
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
  if (replay.mismatch !== null) throw notReplayed(replay.mismatch);
  return { decisions, seatNumbers: record.seats.map((_, seat) => scorer.seatNumbers?.(replay.state, seat) ?? {}) };
}
