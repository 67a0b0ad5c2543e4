import { describe, expect, it } from 'vitest';
import { analyzeClueRecord } from '../../src/analysis/clue/analyze.js';
import { InputError } from '../../src/core/errors.js';
import type { RecordedStep } from '../../src/core/record.js';
import { CARDS } from '../../src/games/clue/cards.js';
import { VARIANT_IDS } from '../../src/games/clue/cards.js';
import { altered, playClue } from './clue-games.js';

/** The notebook bot, failing at its sixth decision: the referee makes its seat leave the game. */
const failing = altered('notebook', 'failing', (chosen, _, decision) => {
  if (decision === 6) throw new Error('planted failure');
  return chosen();
});

describe('the records the Clue analysis takes', () => {
  const record = playClue('clueless', ['checklist', 'random', 'checklist'], 7);

  it('analyses every step of a record, each seat under its own name and bot', () => {
    const analysis = analyzeClueRecord(record);
    expect(analysis.steps).toBe(record.steps.length);
    expect(analysis.seats.map((s) => [s.name, s.bot])).toEqual(record.seats.map((s) => [s.name, s.bot]));
    const winner = record.outcome!.winners[0]!;
    expect(analysis.seats[winner]!.summary).toMatchObject({ accusations: 1, wrong: 0 });
    expect(analysis.seats[winner]!.accusations[0]!.step).toBe(record.steps.length);
  });

  it("refuses another game's record in one line", () => {
    expect(() => analyzeClueRecord({ ...record, game: 'deadwood' })).toThrow(new InputError('the Clue analysis reads Clue records, and this one is of deadwood'));
  });

  it('refuses a record whose steps no longer make the game it records', () => {
    const last = record.steps.at(-1)! as RecordedStep & { action: { suspect: string } };
    const other = CARDS.clueless.suspects.find((s) => s !== last.action.suspect)!;
    const tampered = { ...record, steps: [...record.steps.slice(0, -1), { ...last, action: { ...last.action, suspect: other } }] };
    expect(() => analyzeClueRecord(tampered)).toThrow(/^the record does not replay as recorded, so it cannot be analysed: /);
  });

  it('analyses games played on for places, and games a seat left, whose departed seat is judged no further', () => {
    for (const variant of VARIANT_IDS) {
      const placings = playClue(variant, ['notebook', 'deduction', 'notebook', 'checklist'], 3, { placings: true });
      expect(analyzeClueRecord(placings).seats.filter((s) => s.summary.accusations === 1).length).toBeGreaterThan(1);
      const left = playClue(variant, ['notebook', failing, 'notebook', 'checklist'], 4);
      expect(left.steps.filter((step) => 'forfeit' in step).map((step) => step.seat)).toEqual([1]);
      const analysis = analyzeClueRecord(left);
      expect(analysis.steps).toBe(left.steps.length);
      expect(analysis.seats[1]!.certainty).toBeNull();
    }
  });
});
