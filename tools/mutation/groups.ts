/**
 * The map of `npm run mutation`: each group of modules that make a verdict, and the test files that
 * concern it. A group is one Stryker run whose mutants are tested against its own test files only:
 * per-test coverage alone would send every referee or tally mutant to the whole-contract test (three
 * minutes a mutant), since that test plays through everything. A new test of one of these modules
 * goes in its group's list, or it does not count towards the module's score.
 */
export interface MutationGroup {
  readonly name: string;
  /** What the group decides, for the results page. */
  readonly about: string;
  /** Stryker `mutate` globs, or `file#name,name`: only those functions of the file (tools/mutation/run.ts). */
  readonly mutate: readonly string[];
  /** The only test files its mutants are run against, in the order they run: the quickest and most exact first. */
  readonly tests: readonly string[];
}

export const GROUPS: readonly MutationGroup[] = [
  {
    name: 'stats',
    about: 'Wilson and t intervals, the Bradley-Terry and winner (Plackett-Luce) ladders and their block-robust variance, tiers, the separation bound, Holm\'s family of claims, the SPRT\'s statistic and GSPRT',
    mutate: ['src/stats/**/*.ts'],
    // Not calibration.test.ts, winner-ladder-coverage.test.ts or ladder-tiers-fields.test.ts: their
    // seeded tournaments and fields take seconds a mutant; the hand-computed and published values pin
    // the same code to exact numbers.
    tests: ['test/stats/hand-computed.test.ts', 'test/stats/published-tables.test.ts', 'test/stats/ladder-origin.test.ts', 'test/stats/edges.test.ts', 'test/stats/stats.test.ts', 'test/stats/block-variance.test.ts', 'test/stats/ladder-tiers.test.ts', 'test/stats/plackett-luce.test.ts', 'test/stats/family.test.ts', 'test/harness/sprt-statistic.test.ts', 'test/stats/winner-ladder.test.ts', 'test/stats/paired.test.ts'],
  },
  {
    name: 'tally',
    about: 'the integer tally of a run: wins, shared wins, ties, ranks, scores, faults, the ladder\'s counts and block sums',
    mutate: ['src/harness/tally.ts'],
    tests: ['test/harness/tally-counts.test.ts', 'test/harness/tally-ladder.test.ts', 'test/harness/tally.test.ts'],
  },
  {
    name: 'schedule',
    about: 'seating: blocks, lineups, rotations, shards',
    mutate: ['src/harness/schedule.ts'],
    tests: ['test/harness/schedule-edges.test.ts', 'test/harness/schedule.test.ts'],
  },
  {
    name: 'tournament',
    about: 'a run end to end, the merge of shards, --compare, parlor diff, the SPRT run, tally.json',
    mutate: ['src/tournament/*.ts'],
    tests: ['test/harness/tournament-runs.test.ts', 'test/harness/sprt-statistic.test.ts', 'test/harness/sprt-files.test.ts', 'test/harness/sprt-elo.test.ts', 'test/harness/compare.test.ts', 'test/harness/resume-refused.test.ts', 'test/harness/sprt.test.ts', 'test/harness/diff-records.test.ts', 'test/harness/diff-race-records.test.ts', 'test/harness/diff.test.ts', 'test/harness/run-check.test.ts', 'test/harness/run-lock.test.ts', 'test/harness/run-folder-checks.test.ts', 'test/harness/sprt-report.test.ts'],
  },
  {
    name: 'referee',
    about: 'one seated game: faults, forfeits, substitutes, what observers are told, the record, replay, decision times',
    mutate: ['src/referee/*.ts'],
    tests: ['test/harness/referee-steps.test.ts', 'test/harness/referee-paths.test.ts', 'test/harness-match.test.ts', 'test/harness/referee-decision-times.test.ts', 'test/harness/decision-times.test.ts', 'test/harness/faults.test.ts', 'test/protocol/substitute-observers.test.ts', 'test/protocol/faults.test.ts', 'test/harness/replay-errors.test.ts', 'test/harness/replay-events.test.ts', 'test/harness/engine-stack.test.ts', 'test/harness/replay-played-on.test.ts'],
  },
  {
    name: 'outcomes',
    about: 'how a game\'s end becomes ranks and winners: forfeits ranked last, each game\'s outcome, Clue\'s and Deadwood\'s departures',
    mutate: ['src/core/outcome.ts', 'src/games/clue/game.ts#outcome,ranking,departures', 'src/games/yahtzee/state.ts#seriesOutcome,seriesWinners', 'src/games/yahtzee/rules.ts#forfeit', 'src/games/deadwood/game.ts#forfeit', 'src/games/clue/forfeit.ts', 'src/games/deadwood/days.ts'],
    tests: ['test/harness/outcome-ranks.test.ts', 'test/harness/outcome-forfeits.test.ts', 'test/deadwood/outcome.test.ts', 'test/harness-match.test.ts', 'test/yahtzee/forfeit.test.ts', 'test/fixtures.test.ts'],
  },
];
