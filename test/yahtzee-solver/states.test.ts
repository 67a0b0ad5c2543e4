import { describe, expect, it } from 'vitest';
import { UPPER_BONUS, UPPER_BONUS_THRESHOLD } from '../../src/games/yahtzee/scoring.js';
import {
  bonusNeed,
  CLASS_COUNT,
  classNeeds,
  MASKS,
  MAX_UPPER_TOTAL,
  STATE_COUNT,
  STATE_OFFSET,
  stateIndex,
  UPPER_MASK,
  UPPER_NEXT,
  UPPER_PAYS,
  upperTotalReachable,
} from '../../src/games/yahtzee/solver/states.js';
import { upperAt } from '../../src/games/yahtzee/solver/widget.js';

/** The upper scores the open upper faces of `used` can still add (brute force). */
function futureScores(used: number): number[] {
  let sums = [0];
  for (let f = 1; f <= 6; f++) if (!(used & (1 << (f - 1)))) sums = sums.flatMap((s) => [0, 1, 2, 3, 4, 5].map((n) => s + n * f));
  return [...new Set(sums)];
}

/** Does scoring `future` more upper points from `total` earn the bonus now? */
function earns(total: number, future: number): boolean {
  return total < UPPER_BONUS_THRESHOLD && total + future >= UPPER_BONUS_THRESHOLD;
}

describe('turn-start states', () => {
  it('hold 207 104 states: the reachable bonus needs of each used upper set, for each used mask', () => {
    expect(STATE_COUNT).toBe(207_104);
    for (let m = 0; m < MASKS; m++) expect(STATE_OFFSET[m + 1]! - STATE_OFFSET[m]!).toBe(CLASS_COUNT[m & UPPER_MASK]);
    expect(CLASS_COUNT[0]).toBe(1);
    expect(CLASS_COUNT[UPPER_MASK]).toBe(1);
  });

  it('round a need up to the upper points the open categories can make, and settle it when out of reach', () => {
    expect(bonusNeed(0, 0)).toBe(63);
    expect(bonusNeed(0, 70)).toBe(0);
    const allButSixes = 0b011111;
    expect(bonusNeed(allButSixes, 40)).toBe(24); // 23 more, and sixes score 6, 12, 18, 24, 30
    expect(bonusNeed(allButSixes, 30)).toBe(0); // 33 more: sixes make at most 30
  });

  it('merge two upper totals exactly when no future upper score tells them apart (sound and minimal)', () => {
    for (let u = 0; u <= UPPER_MASK; u++) {
      const futures = futureScores(u);
      const byState = new Map<number, number[]>();
      for (let t = 0; t <= MAX_UPPER_TOTAL; t++) {
        if (!upperTotalReachable(u, t)) continue;
        const at = stateIndex(u, t);
        byState.set(at, [...(byState.get(at) ?? []), t]);
      }
      expect(byState.size).toBe(CLASS_COUNT[u]);
      const signature = (t: number) => futures.map((s) => earns(t, s)).join('');
      const signatures = [...byState.values()].map((totals) => {
        for (const t of totals) expect(signature(t), `used ${u}: totals ${totals}`).toBe(signature(totals[0]!));
        return signature(totals[0]!);
      });
      expect(new Set(signatures).size, `used upper set ${u}`).toBe(signatures.length);
    }
  });

  it('follow each upper score to the state of the card it makes, paying the bonus when it is reached', () => {
    const wrong: string[] = [];
    let checked = 0;
    for (let u = 0; u < UPPER_MASK; u++) {
      for (let t = 0; t <= MAX_UPPER_TOTAL; t++) {
        if (!upperTotalReachable(u, t)) continue;
        const cls = stateIndex(u, t) - STATE_OFFSET[u]!;
        for (let f = 1; f <= 6; f++) {
          const bit = 1 << (f - 1);
          if (u & bit) continue;
          for (let n = 0; n <= 5; n++) {
            const i = upperAt(u, f, cls) + n;
            const next = stateIndex(u | bit, t + n * f) - STATE_OFFSET[u | bit]!;
            const pays = n * f + (earns(t, n * f) ? UPPER_BONUS : 0);
            if (UPPER_NEXT[i] !== next || UPPER_PAYS[i] !== pays) wrong.push(`used ${u} total ${t}: ${n} x ${f} -> ${UPPER_NEXT[i]}/${UPPER_PAYS[i]}, expected ${next}/${pays}`);
            checked++;
          }
        }
      }
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(checked).toBeGreaterThan(10_000);
  });

  it('know which upper totals the used categories can have made', () => {
    expect(upperTotalReachable(0, 0)).toBe(true);
    expect(upperTotalReachable(0, 3)).toBe(false);
    expect(upperTotalReachable(0b10001, 18)).toBe(true); // 3 ones and 3 fives
    expect(upperTotalReachable(0b00001, 6)).toBe(false); // ones make at most 5
    expect(upperTotalReachable(UPPER_MASK, 105)).toBe(true);
    expect(upperTotalReachable(UPPER_MASK, 106)).toBe(false);
    expect(classNeeds(0)).toEqual([63]);
  });
});
