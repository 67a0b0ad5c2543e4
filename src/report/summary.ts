import { decisionTimeStats, NO_DECISION_TIMES, type DecisionTimeStats, type DecisionTimesData } from '../referee/decision-times.js';
import { maxFaultRate } from '../harness/entrants.js';
import { FAULT_KINDS } from '../core/record.js';
import { blockSumsOf, winUnit, type Histogram, type TallyData } from '../harness/tally.js';
import type { RunSpec } from '../harness/spec.js';
import { makeSchedule } from '../harness/schedule.js';
import { fitLadder, ladderRatings, ratingDifference, type Separation } from '../stats/bradley-terry.js';
import { meanInterval, varianceFromSums } from '../stats/moments.js';
import { wilsonInterval } from '../stats/wilson.js';

/**
 * 2: entrants' `scoresLeftOut` (scores of forfeited games, no longer in the score statistics);
 * headToHead's `eloDiff` and `eloDiffCI95`.
 * 3: `seating` may be `rotations` (the design before fair seating); `duplicate` draws each block's lineup.
 */
export const SUMMARY_SCHEMA = 3;

type FaultCounts = Record<(typeof FAULT_KINDS)[number], number>;
type Interval = [number, number];

export interface SeatSummary {
  seat: number;
  games: number;
  wins: number;
  draws: number;
  winRate: number;
  meanRank: number;
  meanScore?: number;
}

/** A game metric over the games where it applied to the entrant (mean and sd null when none). */
export interface MetricSummary {
  games: number;
  mean: number | null;
  sd: number | null;
}

/**
 * A Bradley-Terry rating on the Elo scale (src/stats/README.md). `tier` 1 is the top tier;
 * `separated` is null in the anchor tier, whose intervals the games identify; elsewhere the games
 * bound the rating on the anchor's side only (`bound`), and `ci95`'s far end is the prior's.
 */
export interface LadderRating {
  elo: number;
  ci95: Interval;
  tier: number;
  separated: Separation | null;
}

export interface EntrantSummary {
  bot: string;
  games: number;
  wins: number;
  draws: number;
  winRate: number;
  winRateCI95: Interval;
  meanRank: number;
  meanScore?: number;
  sdScore?: number;
  /** Games with scores that the entrant forfeited: their partial scores are left out of meanScore and sdScore. */
  scoresLeftOut?: number;
  /** Whole blocks (deals) played, and the 95% t-interval over their mean win rates. */
  blocks: number;
  winRateCI95Blocks: Interval | null;
  /** 1 / players: the win rate of an entrant no better than the others. */
  chance: number;
  vsChance: 'above' | 'below' | 'within';
  rating: LadderRating | null;
  faults: FaultCounts;
  /** Faults of every kind per game played; `flagged` when over the entrant's threshold. */
  faultRate: number;
  flagged: boolean;
  seats: SeatSummary[];
  /** By metric name, in name order: only for games with metrics. */
  metrics?: Record<string, MetricSummary>;
}

export interface Timing {
  seconds: number;
  gamesPerSecond: number;
  workers: number;
  peakRssMB?: number;
  /** Per entrant, in entrant order: its decisions timed (every one of a bot slower than 10 µs, else a sample), their mean and 99th percentile. */
  decisions?: (DecisionTimeStats & { entrant: string })[];
}

/** An entrant whose decisions are budgeted in wall-clock time (`ismcts(ms=...)`): what it plays depends on the machine. */
function onTheClock(entrant: RunSpec['entrants'][number]): boolean {
  const { source } = entrant;
  return (source.kind === 'builtin' || source.kind === 'module') && source.params?.['ms'] !== undefined;
}

/** The summary's decision times of entrants `labels` from their merged histograms. */
export function decisionTiming(labels: readonly string[], times: readonly DecisionTimesData[]): NonNullable<Timing['decisions']> {
  return labels.map((entrant, e) => ({ entrant, ...decisionTimeStats(times[e] ?? NO_DECISION_TIMES) }));
}

export interface Summary {
  schema: number;
  game: string;
  variant: string;
  seed: string;
  games: number;
  entrants: EntrantSummary[];
  errors: { engine: number } & FaultCounts;
  timing: Timing;
  config: unknown;
  players: number;
  seating: string;
  gamesAsked: number;
  blockSize: number;
  blocks: number;
  /** false when a move-time fault happened or an entrant decides by the clock (`ms=`): those depend on the wall clock. */
  reproducible: boolean;
  seats: SeatSummary[];
  /**
   * Every pair that met. `eloDiff`: a's rating minus b's, with its block-robust 95% interval
   * (`eloDiffCI95`: the claim "a is stronger than b" holds at 95% when it lies above 0); both null
   * when they are in different tiers, where the games bound the gap on one side only.
   */
  headToHead: { a: string; b: string; games: number; aAhead: number; bAhead: number; tied: number; aAheadRate: number; eloDiff: number | null; eloDiffCI95: Interval | null }[];
  ladder: ({ bot: string } & LadderRating)[] | null;
  distributions: { gameLength: Histogram; scores: Record<string, Histogram> };
}

/** Floats are rounded once, here, so the summary's bytes are a function of the integer tally alone. */
function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

function roundPair([lo, hi]: readonly [number, number]): Interval {
  return [round(lo), round(hi)];
}

/** Σ count_k / k, exactly: in lcm(1..N) units first, one division at the end. */
function sharedWins(winsByTie: readonly number[], offset: number, players: number): number {
  const unit = winUnit(players);
  let units = 0;
  for (let k = 1; k <= players; k++) units += winsByTie[offset + k - 1]! * (unit / k);
  return units / unit;
}

function seatSummary(seat: number, games: number, wins: number, draws: number, rankSum: number, scored: number, scoreSum: number): SeatSummary {
  return {
    seat,
    games,
    wins: round(wins),
    draws,
    winRate: games > 0 ? round(wins / games) : 0,
    meanRank: games > 0 ? round(rankSum / games) : 0,
    ...(scored > 0 ? { meanScore: round(scoreSum / scored) } : {}),
  };
}

/**
 * The 95% interval over block means: Student's t on the mean of the blocks' win rates (a block's
 * games share a deal, so blocks, not games, are the independent samples). When every block came out
 * the same the sample variance is 0 and says nothing: then the Wilson interval with one trial per block.
 */
function blockInterval(blocks: number, sum: number, sumSq: number, unit: number): [number, number] | null {
  if (blocks < 2) return null;
  if (varianceFromSums(blocks, sum, sumSq) === 0) return wilsonInterval(sum / unit, blocks);
  return meanInterval(blocks, sum, sumSq, unit);
}

function metricSummaries(tally: TallyData, e: number): Record<string, MetricSummary> {
  const E = tally.entrants;
  return Object.fromEntries(
    Object.entries(tally.metrics).map(([name, sums]) => {
      const games = sums[e]!;
      const sum = sums[E + e]!;
      return [name, { games, mean: games > 0 ? round(sum / games) : null, sd: games > 0 ? round(Math.sqrt(varianceFromSums(games, sum, sums[2 * E + e]!))) : null }];
    }),
  );
}

/** The report of a run (or of merged shards) from its tally: every float is made here, once. */
export function buildSummary(spec: RunSpec, tally: TallyData, timing: Timing): Summary {
  const E = tally.entrants;
  const N = tally.players;
  const schedule = makeSchedule(E, N, spec.seating, spec.gamesAsked);
  const unit = winUnit(N) * schedule.blockSize;
  const labels = spec.entrants.map((e) => e.label);
  const fit = fitLadder(E, tally.ahead, tally.tied, blockSumsOf(tally));
  const ratings = fit === null ? null : ladderRatings(fit, tally.ahead);
  const chance = 1 / N;

  const entrants = labels.map((bot, e): EntrantSummary => {
    const games = tally.entrantGames[e]!;
    const wins = sharedWins(tally.winsByTie, e * N, N);
    const scored = tally.scored[e]!;
    const wilson = wilsonInterval(wins, games);
    const blocksCI = blockInterval(tally.blocks[e]!, tally.blockWins[e]!, tally.blockWinsSq[e]!, unit);
    const judged = blocksCI ?? wilson;
    const faults = Object.fromEntries(FAULT_KINDS.map((kind, i) => [kind, tally.faults[e * FAULT_KINDS.length + i]!])) as FaultCounts;
    const rating = ratings?.[e];
    const faultRate = games > 0 ? round(sum(Object.values(faults)) / games) : 0;
    return {
      bot,
      games,
      wins: round(wins),
      draws: tally.draws[e]!,
      winRate: games > 0 ? round(wins / games) : 0,
      winRateCI95: roundPair(wilson),
      meanRank: games > 0 ? round(tally.rankSum[e]! / games) : 0,
      ...(scored > 0
        ? { meanScore: round(tally.scoreSum[e]! / scored), sdScore: round(Math.sqrt(varianceFromSums(scored, tally.scoreSum[e]!, tally.scoreSq[e]!))) }
        : {}),
      ...(scored + tally.scoresLeftOut[e]! > 0 ? { scoresLeftOut: tally.scoresLeftOut[e]! } : {}),
      blocks: tally.blocks[e]!,
      winRateCI95Blocks: blocksCI === null ? null : roundPair(blocksCI),
      chance: round(chance),
      vsChance: judged[0] > chance ? 'above' : judged[1] < chance ? 'below' : 'within',
      rating:
        rating === undefined
          ? null
          : {
              elo: round(rating.elo),
              ci95: roundPair(rating.ci95),
              tier: rating.tier,
              separated: rating.separated === null ? null : { side: rating.separated.side, bound: rating.separated.bound === null ? null : round(rating.separated.bound) },
            },
      faults,
      faultRate,
      flagged: faultRate > maxFaultRate(spec.entrants[e]!.source),
      seats: Array.from({ length: N }, (_, s) => {
        const es = e * N + s;
        return seatSummary(s, tally.seatGames[es]!, sharedWins(tally.seatWinsByTie, es * N, N), tally.seatDraws[es]!, tally.seatRankSum[es]!, tally.seatScored[es]!, tally.seatScoreSum[es]!);
      }),
      ...(Object.keys(tally.metrics ?? {}).length > 0 ? { metrics: metricSummaries(tally, e) } : {}),
    };
  });

  const seats = Array.from({ length: N }, (_, s) => {
    let games = 0, wins = 0, draws = 0, rankSum = 0, scored = 0, scoreSum = 0;
    for (let e = 0; e < E; e++) {
      const es = e * N + s;
      games += tally.seatGames[es]!;
      wins += sharedWins(tally.seatWinsByTie, es * N, N);
      draws += tally.seatDraws[es]!;
      rankSum += tally.seatRankSum[es]!;
      scored += tally.seatScored[es]!;
      scoreSum += tally.seatScoreSum[es]!;
    }
    return seatSummary(s, games, wins, draws, rankSum, scored, scoreSum);
  });

  const headToHead: Summary['headToHead'] = [];
  for (let a = 0; a < E; a++) {
    for (let b = a + 1; b < E; b++) {
      const aAhead = tally.ahead[a * E + b]!;
      const bAhead = tally.ahead[b * E + a]!;
      const tied = tally.tied[a * E + b]!;
      const games = aAhead + bAhead + tied;
      if (games === 0) continue;
      const difference = fit === null ? null : ratingDifference(fit, a, b);
      headToHead.push({
        a: labels[a]!,
        b: labels[b]!,
        games,
        aAhead,
        bAhead,
        tied,
        aAheadRate: round(aAhead / games),
        eloDiff: difference === null ? null : round(difference.elo),
        eloDiffCI95: difference === null ? null : roundPair(difference.ci95),
      });
    }
  }

  const errors = { engine: tally.engineErrors[0]!, ...Object.fromEntries(FAULT_KINDS.map((kind, i) => [kind, sum(tally.faults.filter((_, j) => j % FAULT_KINDS.length === i))])) } as Summary['errors'];

  return {
    schema: SUMMARY_SCHEMA,
    game: spec.game,
    variant: spec.variant,
    seed: spec.seed,
    games: tally.games[0]!,
    entrants,
    errors,
    timing,
    config: spec.config,
    players: N,
    seating: spec.seating,
    gamesAsked: spec.gamesAsked,
    blockSize: schedule.blockSize,
    blocks: schedule.blocks,
    reproducible: errors.timeout === 0 && !spec.entrants.some(onTheClock),
    seats,
    headToHead,
    ladder:
      ratings === null
        ? null
        : entrants.map((e) => ({ bot: e.bot, ...e.rating! })).sort((x, y) => y.elo - x.elo || x.bot.localeCompare(y.bot)),
    distributions: {
      gameLength: tally.gameLengths,
      scores: Object.fromEntries(labels.flatMap((bot, e) => (tally.scores[e]!.length > 0 ? [[bot, tally.scores[e]!]] : []))),
    },
  };
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
