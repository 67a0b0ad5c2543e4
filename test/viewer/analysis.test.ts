import { describe, expect, it } from 'vitest';
import { withAnalysis } from '../../src/viewer/analysis.js';
import { viewerData } from '../../src/viewer/frames.js';
import { ANALYSED_GAMES } from './support/analysed-games.js';

const ANALYSED = ANALYSED_GAMES.filter((g) => g.analysis !== null);

describe('the viewer data with a game analysis', () => {
  it('has a game with an analysis to show', () => {
    expect(ANALYSED.length).toBeGreaterThan(0);
  });

  it.each(ANALYSED)('$file, narrator: every scored decision as analyzeRecord scored it, each at the viewer step of its action', ({ record, analysis }) => {
    const plain = viewerData(record, null);
    const data = withAnalysis(plain, analysis!);
    expect(data.analysis).toEqual({ unit: analysis!.unit, costly: analysis!.costly, caveat: analysis!.caveat, decisions: analysis!.decisions });
    // Nothing else changes: the analysis is one field more.
    const { analysis: _, ...rest } = data;
    expect(rest).toEqual(plain);
    expect(data.analysis!.decisions.length).toBeGreaterThan(0);
    for (const decision of data.analysis!.decisions) {
      expect(data.steps[decision.step]!.seat).toBe(decision.seat);
      expect(data.steps[decision.step]!.action).toBe(decision.action);
    }
  });

  it.each(ANALYSED)("$file, each seat: its own decisions only (another's loss and best action come from what that seat knew)", ({ record, analysis }) => {
    for (const seat of record.seats.keys()) {
      const data = withAnalysis(viewerData(record, seat), analysis!);
      const own = analysis!.decisions.filter((d) => d.seat === seat);
      expect(data.analysis!.decisions).toEqual(own);
      for (const decision of own) expect(data.steps[decision.step]!.action).toBe(decision.action);
      expect(JSON.stringify(data)).not.toContain(analysis!.seed);
    }
  });
});
