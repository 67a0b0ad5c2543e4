import { describe, expect, test } from 'vitest';
import { TallyBuilder } from '../../src/harness/tally.js';
import type { RunSpec } from '../../src/harness/spec.js';
import { markdownReport } from '../../src/report/markdown.js';
import { consoleTable } from '../../src/report/console-table.js';
import { htmlReport } from '../../src/report/html.js';
import { buildSummary } from '../../src/report/summary.js';
import type { MatchResult } from '../../src/referee/match.js';

const spec: RunSpec = {
  game: 'dice-race',
  variant: '',
  config: {},
  seed: 'seats',
  entrants: ['a', 'b'].map((label) => ({ label, source: { kind: 'builtin' as const, name: label } })),
  players: 2,
  seating: 'duplicate',
  gamesAsked: 10,
  record: 'none',
  moveTimeMs: 0,
};

const won = (seat: number): MatchResult => ({
  outcome: { winners: [seat], rank: seat === 0 ? [1, 2] : [2, 1] },
  steps: 4,
  faults: [],
  departed: [],
  record: () => {
    throw new Error('not recorded');
  },
});

/**
 * Five duplicate blocks of two games (a in seat 0, then b): the winner's seats are 0 and 1 in
 * blocks 1, 2, 4 and 5, seat 0 twice in block 3. Seat 0 wins 6 of 10 games; its rates per block
 * are 1/2, 1/2, 1, 1/2, 1/2.
 */
function summary() {
  const tally = new TallyBuilder(2, 2);
  for (const seats of [[0, 1], [0, 1], [0, 0], [0, 1], [0, 1]]) {
    tally.beginBlock([0, 1]);
    tally.addGame([0, 1], won(seats[0]!));
    tally.addGame([1, 0], won(seats[1]!));
    tally.endBlock();
  }
  return buildSummary(spec, tally.finish(), { seconds: 1, gamesPerSecond: 10, workers: 1 });
}

describe('the seats\' win rates carry 95% intervals, worked by hand', () => {
  test('the seat\'s total: t over deals, and Wilson on games', () => {
    const seat0 = summary().seats[0]!;
    expect(seat0).toMatchObject({ games: 10, wins: 6, winRate: 0.6, blocks: 5 });
    // Over deals: mean 0.6, deviations -0.1 (four times) and 0.4, squares 0.01 * 4 + 0.16 = 0.2,
    // variance 0.2 / 4 = 0.05, se sqrt(0.05 / 5) = 0.1; t(4) at 97.5% is 2.776445, so the half
    // width is 0.277645: 0.322355 to 0.877645.
    expect(seat0.winRateCI95Blocks![0]).toBeCloseTo(0.322355, 5);
    expect(seat0.winRateCI95Blocks![1]).toBeCloseTo(0.877645, 5);
    // Wilson, 6 of 10: centre 0.6 + 1.96^2/20 = 0.792073, spread 1.96 sqrt(0.024 + 1.96^2/400) = 0.359293,
    // scale 1 + 1.96^2/10 = 1.384146: 0.312673 to 0.831819.
    expect(seat0.winRateCI95[0]).toBeCloseTo(0.312673, 5);
    expect(seat0.winRateCI95[1]).toBeCloseTo(0.831819, 5);
  });

  test('an entrant in a seat: Wilson on its games there, one a deal', () => {
    // a in seat 0 won all 5 of its games: Wilson's lower end n / (n + z^2) = 5 / 8.841459 = 0.565518.
    const aSeat0 = summary().entrants[0]!.seats[0]!;
    expect(aSeat0).toMatchObject({ games: 5, winRate: 1, winRateCI95: [expect.closeTo(0.565518, 5), 1] });
    expect(aSeat0.winRateCI95Blocks).toBeUndefined();
  });

  test('the reports show them: the console in one line, report.md and report.html in the By seat table', () => {
    const s = summary();
    expect(consoleTable(s)).toContain('by seat, win rate (95% CI over deals; games): 0: 60.0% (32.2%–87.8%; 10), 1: 40.0% (12.2%–67.8%; 10)');
    const md = markdownReport(s);
    expect(md).toContain('| all | 60.0% (32.2%–87.8%; 10) | 40.0% (12.2%–67.8%; 10) |');
    // a in seat 1 won 4 of its 5 games there: Wilson 0.375535 to 0.963811 (centre 1.184146, spread 0.520102, scale 1.768292).
    expect(md).toContain('| a | 100.0% (56.6%–100.0%; 5) | 80.0% (37.6%–96.4%; 5) |');
    expect(htmlReport(s)).toContain('<td>60.0% (32.2%–87.8%; 10)</td>');
  });
});
