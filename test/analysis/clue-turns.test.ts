import { describe, expect, it } from 'vitest';
import { analyzeClueRecord } from '../../src/analysis/clue/analyze.js';
import type { ClueState } from '../../src/games/clue/state.js';
import { replayRecord } from '../../src/referee/replay.js';
import { altered, playClue } from './clue-games.js';

const LONG = process.env.PARLOR_LONG !== undefined;

/** The checklist bot, but it never accuses: once certain, it lets every turn go by. */
const shy = altered('checklist', 'shy', (chosen, legal) => {
  const action = chosen();
  return action.type === 'accuse' ? legal.find((a) => a.type !== 'accuse')! : action;
});

/** The game's turns of `seat` begun after the first `step` steps, counted from the replayed states. */
function turnsBegunAfter(record: Parameters<typeof replayRecord>[0], seat: number, step: number): number {
  const begun = new Set<number>();
  let played = 0;
  replayRecord(record, {
    onStep: (raw, made) => {
      if (made !== null) played++;
      const state = raw as ClueState;
      if (played > step && state.turn === seat && state.phase !== 'over') begun.add(state.turnNumber);
    },
  });
  return begun.size;
}

describe('the turns a Clue seat lets pass once certain', () => {
  it('are every turn of a seat that never accuses after its observations fixed the case file', () => {
    const games = LONG ? 12 : 2;
    let judged = 0;
    let lost = 0;
    for (let g = 0; g < games; g++) {
      const record = playClue('clueless', [shy, shy, shy], 300 + g, { maxTurns: 90 });
      for (const seat of analyzeClueRecord(record).seats) {
        expect(seat.accusations).toEqual([]);
        if (seat.certainty === null) {
          expect(seat.turnsLost).toBeNull();
          continue;
        }
        judged++;
        // Its turns begun after certainty are lost; so is the turn it became certain in, if it could still accuse then.
        const after = turnsBegunAfter(record, seat.seat, seat.certainty.step);
        expect(seat.turnsLost).toBeGreaterThanOrEqual(after);
        expect(seat.turnsLost).toBeLessThanOrEqual(after + 1);
        lost += seat.turnsLost!;
      }
    }
    // Seats certain for several turns each: a count stuck at 0 or 1 would not pass.
    expect(lost).toBeGreaterThan(2 * judged);
  }, 120_000);

  it('are none for the notebook bot, which accuses at its first chance once certain (if not before)', () => {
    let accused = 0;
    for (let g = 0; g < 3; g++) {
      for (const seat of analyzeClueRecord(playClue('clueless', ['notebook', shy, 'notebook'], 400 + g)).seats) {
        if (seat.bot !== 'notebook' || seat.accusations.length === 0 || seat.certainty === null) continue;
        accused++;
        expect(seat.turnsLost).toBe(0);
      }
    }
    expect(accused).toBeGreaterThan(0);
  });

  it("counts a seat's own turns: its first suggestion is in its first turns", () => {
    const analysis = analyzeClueRecord(playClue('clueless', ['checklist', 'checklist', 'checklist'], 42));
    for (const seat of analysis.seats) {
      const turns = seat.suggestions.map((s) => s.turn);
      expect(turns[0]).toBeGreaterThanOrEqual(1);
      expect(turns).toEqual([...turns].sort((a, b) => a - b));
      if (seat.certainty !== null && seat.accusations.length > 0) expect(seat.accusations[0]!.turn).toBeGreaterThanOrEqual(seat.certainty.turn);
    }
  });
});
