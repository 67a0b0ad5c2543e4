import { Sfc32 } from '../../src/core/rng.js';
import { eloToScore, gsprtLlr, sprtBounds } from '../../src/stats/sprt.js';

/**
 * The GSPRT's error rates by simulation: `tests` sequential tests with the true Elo difference at
 * elo0 (accepting H1 is the false positive, at most alpha) and at elo1 (accepting H0 is the false
 * negative, at most beta). Block scores are pentanomial, as duplicate 2-player deals give: the
 * values 0, 1/4, 1/2, 3/4, 1 with weights 1, 4, 10, 4, 1 (draw-heavy, as close bots play), tilted
 * exponentially to the true expected score.
 */
export interface SprtCheck {
  readonly elo0: number;
  readonly elo1: number;
  readonly alpha: number;
  readonly beta: number;
  readonly tests: number;
  /** Per true Elo (elo0, then elo1): tests accepting H0, H1, and neither within `maxBlocks`; mean blocks. */
  readonly rows: { truth: number; h0: number; h1: number; inconclusive: number; meanBlocks: number }[];
  readonly seconds: number;
}

const VALUES = [0, 0.25, 0.5, 0.75, 1];
const SHAPE = [1, 4, 10, 4, 1];

/** The shape tilted by exp(l x) so that its mean is `score` (bisection on l; the mean increases with l). */
export function tiltedScores(score: number): number[] {
  const at = (l: number): number[] => {
    const w = SHAPE.map((s, i) => s * Math.exp(l * VALUES[i]!));
    const total = w.reduce((a, b) => a + b, 0);
    return w.map((x) => x / total);
  };
  let lo = -50;
  let hi = 50;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (at(mid).reduce((m, p, k) => m + p * VALUES[k]!, 0) < score) lo = mid;
    else hi = mid;
  }
  return at((lo + hi) / 2);
}

export function checkSprt(o: { elo0: number; elo1: number; alpha: number; beta: number; tests: number; maxBlocks: number }): SprtCheck {
  const started = performance.now();
  const { lower, upper } = sprtBounds(o.alpha, o.beta);
  const s0 = eloToScore(o.elo0);
  const s1 = eloToScore(o.elo1);
  const rows = [o.elo0, o.elo1].map((truth, which) => {
    const p = tiltedScores(eloToScore(truth));
    const row = { truth, h0: 0, h1: 0, inconclusive: 0, meanBlocks: 0 };
    let blocksTotal = 0;
    for (let test = 0; test < o.tests; test++) {
      const rng = new Sfc32(which + 1, test, 0x5eed, 21);
      const counts = [0, 0, 0, 0, 0];
      let blocks = 0;
      let verdict: 'h0' | 'h1' | 'inconclusive' = 'inconclusive';
      while (blocks < o.maxBlocks) {
        let u = rng.next();
        let k = 0;
        while (k < VALUES.length - 1 && u >= p[k]!) u -= p[k++]!;
        counts[k]!++;
        blocks++;
        const llr = gsprtLlr({ values: VALUES, counts }, s0, s1);
        if (llr >= upper || llr <= lower) {
          verdict = llr >= upper ? 'h1' : 'h0';
          break;
        }
      }
      row[verdict]++;
      blocksTotal += blocks;
    }
    row.meanBlocks = blocksTotal / o.tests;
    return row;
  });
  return { ...o, rows, seconds: (performance.now() - started) / 1000 };
}

/** The table `npm run bench -- sprt` prints: each error rate against its nominal value plus 2 standard errors. */
export function sprtTable(check: SprtCheck): string {
  const head = ['true Elo', 'tests', 'accepted H0', 'accepted H1', 'inconclusive', 'error', 'error rate', 'nominal', 'nominal + 2 SE', 'within', 'mean blocks'];
  const rows = check.rows.map((r, i) => {
    const nominal = i === 0 ? check.alpha : check.beta;
    const errors = i === 0 ? r.h1 : r.h0;
    const limit = nominal + 2 * Math.sqrt((nominal * (1 - nominal)) / check.tests);
    const rate = errors / check.tests;
    return [r.truth, check.tests, r.h0, r.h1, r.inconclusive, i === 0 ? 'H1 accepted (false positive)' : 'H0 accepted (false negative)', rate.toFixed(4), nominal, limit.toFixed(4), rate <= limit ? 'yes' : 'NO', r.meanBlocks.toFixed(0)];
  });
  return [head, head.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}
