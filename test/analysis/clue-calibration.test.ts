import { describe, expect, it } from 'vitest';
import { findBuiltinBot } from '../../bots/registry.js';
import { analyzeClueRecord } from '../../src/analysis/clue/analyze.js';
import type { ClueAccusationScore } from '../../src/analysis/clue/clue-analysis.js';
import { withParams } from '../../src/core/bot-params.js';
import type { ClueVariantId } from '../../src/games/clue/cards.js';
import { playClue, type Player } from './clue-games.js';

const LONG = process.env.PARLOR_LONG !== undefined;

/** The notebook bot made bold: it accuses once the likeliest case file reaches 40%, down to 20%. */
const bold: Player = { label: 'bold', bot: withParams(findBuiltinBot('clue', 'notebook'), { accuseFirst: 0.4, accuseStep: 0.05, accuseFloor: 0.2 }) };

interface Calibration {
  readonly accusations: number;
  readonly wrong: number;
  /** The sum of (1 - p): the wrong accusations the probabilities expect. */
  readonly expected: number;
  /** sqrt(sum p(1 - p)): the standard deviation of the number wrong, the accusations being independent draws. */
  readonly sd: number;
}

function calibration(accusations: readonly ClueAccusationScore[]): Calibration {
  return {
    accusations: accusations.length,
    wrong: accusations.filter((a) => !a.correct).length,
    expected: accusations.reduce((sum, a) => sum + (1 - a.probability), 0),
    sd: Math.sqrt(accusations.reduce((sum, a) => sum + a.probability * (1 - a.probability), 0)),
  };
}

/** The number wrong agrees with the probabilities within 3.3 standard deviations (exactly, where they are all 0 or 1). */
function agrees(c: Calibration): boolean {
  return Math.abs(c.wrong - c.expected) <= 3.3 * c.sd + 1e-9;
}

const LINEUPS: readonly [ClueVariantId, readonly Player[]][] = [
  ['clueless', [bold, 'notebook', 'random']],
  ['classic', [bold, 'deduction', bold, 'notebook']],
  ['cluedo', [bold, 'checklist', bold, 'random']],
];

/** Every accusation of the analysed games, by the label of the bot that made it. */
function accusationsByBot(games: number): Map<string, ClueAccusationScore[]> {
  const byBot = new Map<string, ClueAccusationScore[]>();
  for (const [variant, lineup] of LINEUPS) {
    for (let g = 0; g < games; g++) {
      for (const seat of analyzeClueRecord(playClue(variant, lineup, 500 + g)).seats) {
        byBot.set(seat.bot, [...(byBot.get(seat.bot) ?? []), ...seat.accusations]);
      }
    }
  }
  return byBot;
}

describe('the probability the Clue analysis gives each accusation', () => {
  const byBot = accusationsByBot(LONG ? 200 : 8);

  it('is calibrated: over each bot\'s accusations, the number wrong agrees with the sum of (1 - p) within 3.3 standard errors', () => {
    for (const [bot, accusations] of byBot) {
      const c = calibration(accusations);
      expect(agrees(c), `${bot}: ${JSON.stringify(c)}`).toBe(true);
    }
    // The bold bot accuses without certainty, and is wrong at times: the check has something to judge.
    const boldly = calibration(byBot.get('bold')!);
    expect(boldly.sd).toBeGreaterThan(1);
    expect(boldly.wrong).toBeGreaterThan(0);
  });

  it('the check refuses probabilities that claim certainty where there was none (self-test)', () => {
    const overconfident = byBot.get('bold')!.map((a) => ({ ...a, probability: 1 }));
    expect(agrees(calibration(overconfident))).toBe(false);
  });
});
