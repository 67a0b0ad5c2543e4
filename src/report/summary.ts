import type { AnalysisSummary } from '../analysis/analysis.js';
import { provenance, type Provenance } from '../harness/provenance.js';
import { decisionTimeStats, NO_DECISION_TIMES, type DecisionTimeStats, type DecisionTimesData } from '../referee/decision-times.js';
import { maxFaultRate } from '../harness/entrants.js';
import { FAULT_KINDS } from '../core/record.js';
import { InputError } from '../core/errors.js';
import { blockSumsOf, winnerLineupOf, winUnit, type Histogram, type TallyData } from '../harness/tally.js';
import type { RunSpec } from '../harness/spec.js';
import { makeSchedule } from '../harness/schedule.js';
import { fitLadder, fitWinnerLadder, ladderRatings, ratingDifference, type LadderFit, type Separation } from '../stats/bradley-terry.js';
import { familyClaims, type Comparison } from '../stats/family.js';
import { meanInterval, varianceFromSums } from '../stats/moments.js';
import { wilsonInterval } from '../stats/wilson.js';

/**
 * 2: entrants' `scoresLeftOut` (scores of forfeited games, no longer in the score statistics);
 * headToHead's `eloDiff` and `eloDiffCI95`.
 * 3: `seating` may be `rotations` (the design before fair seating); `duplicate` draws each block's lineup.
 *   `model` names the rating model (`winner`: Plackett-Luce on the winner, for games that rank only
 *   their winners); `outcomes` counts the kinds of ending; headToHead's `pValue`, `claim` and
 *   `eloDiffCI95Family`, controlled over `family`; entrants' `chance` allows for drawn games and
 *   `meanScoreWithForfeits`; a block with an engine error is left out of the ladder whole.
 * 4: `parlor` (the version and commit that wrote it); seats' `winRateCI95`, and the seats' totals'
 *   `blocks` and `winRateCI95Blocks`.
 */
export const SUMMARY_SCHEMA = 4;

type FaultCounts = Record<(typeof FAULT_KINDS)[number], number>;
type Interval = [number, number];

/**
 * A seat's results: an entrant's in that seat, or every entrant's together (`Summary.seats`, which
 * also has `blocks` and `winRateCI95Blocks`). `winRateCI95` is Wilson on games: an entrant takes a
 * seat once a block, so its games in a seat are independent; the seat's total is played N times a
 * block on one deal, and its interval to read is over blocks, as an entrant's win rate.
 */
export interface SeatSummary {
  seat: number;
  games: number;
  wins: number;
  draws: number;
  winRate: number;
  winRateCI95: Interval;
  meanRank: number;
  meanScore?: number;
  blocks?: number;
  winRateCI95Blocks?: Interval | null;
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
  /** The mean score with the forfeited games' partial scores in: beside meanScore when the entrant forfeited any. */
  meanScoreWithForfeits?: number;
  /** Whole blocks (deals) played, and the 95% t-interval over their mean win rates. */
  blocks: number;
  winRateCI95Blocks: Interval | null;
  /**
   * The win rate of an entrant no better than the others: the share of its games that someone won,
   * over the players (a drawn game, such as a Clue game where everyone accused wrongly, is won by no one).
   */
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
  /** The parlor that wrote the summary (for a merge, the one that merged). */
  parlor: Provenance;
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
   * (`eloDiffCI95`, for one pair read alone); both null when they are in different tiers, where the
   * games bound the gap on one side only. Over the family of comparisons (`family`: every pair, or
   * every pair with the baseline): `pValue` (equal strength), `claim` (the stronger of the two where
   * Holm's procedure rejects equal strength at a familywise 5%, else null) and `eloDiffCI95Family`
   * (the simultaneous 95% interval, Bonferroni); null for pairs outside the family.
   */
  headToHead: {
    a: string;
    b: string;
    games: number;
    aAhead: number;
    bAhead: number;
    tied: number;
    aAheadRate: number;
    eloDiff: number | null;
    eloDiffCI95: Interval | null;
    eloDiffCI95Family: Interval | null;
    pValue: number | null;
    claim: string | null;
  }[];
  /** The comparisons whose claims are controlled together: every pair that met, or with `baseline` those with it. */
  family: { size: number; baseline: string | null };
  /** The rating model: `pairwise` (Bradley-Terry on every pair of seats) or `winner` (Plackett-Luce on the winner); null without a ladder. */
  model: 'pairwise' | 'winner' | null;
  /** How the games ended, where it is worth a line: `tiedNonWinners` games whose non-winners tied (outcomes that rank only the winner), `capped`, `drawn` (no winner), `engineErrors`. */
  outcomes: { tiedNonWinners: number; capped: number; drawn: number; engineErrors: number };
  /** The option that plays on for places, where the game's outcomes rank only the winners and it has one. */
  placesOption: string | null;
  ladder: ({ bot: string } & LadderRating)[] | null;
  distributions: { gameLength: Histogram; scores: Record<string, Histogram> };
  /** `run --analyze`: the recorded games' decisions scored, per entrant (`parlor analyze`'s summary). */
  analysis?: AnalysisSummary;
}

/** Floats are rounded once, here, so the summary's bytes are a function of the integer tally alone. */
export function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

/** A probability to 6 significant digits: p-values of strong results are far below round()'s 1e-6. */
function roundProbability(p: number): number {
  return Number(p.toPrecision(6));
}

export function roundPair([lo, hi]: readonly [number, number]): Interval {
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
    winRateCI95: roundPair(wilsonInterval(wins, games)),
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

/**
 * The ladder's fit: Plackett-Luce on the winner where the game's outcomes rank only the winners (at
 * three seats or more; at two the models agree), else Bradley-Terry on every pair of seats.
 */
export function ladderFit(spec: RunSpec, tally: TallyData): LadderFit | null {
  if (spec.winnerOnly !== undefined && tally.players >= 3) return fitWinnerLadder(tally.entrants, tally.winnerLineups.map(winnerLineupOf), winUnit(tally.players));
  return fitLadder(tally.entrants, tally.ahead, tally.tied, blockSumsOf(tally));
}

export interface SummaryOptions {
  /** An entrant's label: the family of claims is then its comparisons with every other entrant. */
  readonly baseline?: string;
}

/** The entrant `--baseline` names (-1 without one); one clear line when it names none, checked before a run plays. */
export function baselineIndex(labels: readonly string[], baseline: string | undefined): number {
  if (baseline === undefined) return -1;
  const index = labels.indexOf(baseline);
  if (index === -1) throw new InputError(`--baseline ${baseline}: expected one of the entrants' labels: ${labels.join(', ')}`);
  return index;
}

/** The report of a run (or of merged shards) from its tally: every float is made here, once. */
export function buildSummary(spec: RunSpec, tally: TallyData, timing: Timing, options: SummaryOptions = {}): Summary {
  const E = tally.entrants;
  const N = tally.players;
  const schedule = makeSchedule(E, N, spec.seating, spec.gamesAsked);
  const unit = winUnit(N) * schedule.blockSize;
  const labels = spec.entrants.map((e) => e.label);
  const baseline = baselineIndex(labels, options.baseline);
  const fit = ladderFit(spec, tally);
  const ratings = fit === null ? null : ladderRatings(fit, tally.decisiveBlocks);

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
    const leftOut = tally.scoresLeftOut[e]!;
    const chance = games > 0 ? (games - tally.draws[e]!) / games / N : 1 / N;
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
      ...(scored + leftOut > 0 ? { scoresLeftOut: leftOut } : {}),
      ...(leftOut > 0 ? { meanScoreWithForfeits: round((tally.scoreSum[e]! + tally.leftOutScoreSum[e]!) / (scored + leftOut)) } : {}),
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
    // Every whole block seats N entrants, each counting it once in `blocks`.
    const blocks = sum(tally.blocks) / N;
    const ci = blockInterval(blocks, tally.seatBlockWins[s]!, tally.seatBlockWinsSq[s]!, unit);
    return { ...seatSummary(s, games, wins, draws, rankSum, scored, scoreSum), blocks, winRateCI95Blocks: ci === null ? null : roundPair(ci) };
  });

  const pairs: { a: number; b: number; games: number; difference: ReturnType<typeof ratingDifference> }[] = [];
  for (let a = 0; a < E; a++) {
    for (let b = a + 1; b < E; b++) {
      const games = tally.ahead[a * E + b]! + tally.ahead[b * E + a]! + tally.tied[a * E + b]!;
      if (games > 0) pairs.push({ a, b, games, difference: fit === null ? null : ratingDifference(fit, a, b) });
    }
  }
  const inFamily = pairs.map(({ a, b }) => fit !== null && (baseline === -1 || a === baseline || b === baseline));
  const family = familyClaims(
    pairs.filter((_, i) => inFamily[i]).map(({ a, b, difference }): Comparison =>
      difference !== null ? { elo: difference.elo, se: difference.se } : { oneWay: tally.decisiveBlocks[a * E + b]!, sign: tally.ahead[a * E + b]! > 0 ? 1 : -1 },
    ),
  );
  let next = 0;
  const headToHead: Summary['headToHead'] = pairs.map(({ a, b, games, difference }, i) => {
    const claim = inFamily[i] ? family[next++]! : null;
    const aAhead = tally.ahead[a * E + b]!;
    return {
      a: labels[a]!,
      b: labels[b]!,
      games,
      aAhead,
      bAhead: tally.ahead[b * E + a]!,
      tied: tally.tied[a * E + b]!,
      aAheadRate: round(aAhead / games),
      eloDiff: difference === null ? null : round(difference.elo),
      eloDiffCI95: difference === null ? null : roundPair(difference.ci95),
      eloDiffCI95Family: claim?.interval == null ? null : roundPair(claim.interval),
      pValue: claim === null ? null : roundProbability(claim.pValue),
      claim: claim === null || claim.claim === 0 ? null : labels[claim.claim > 0 ? a : b]!,
    };
  });

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
    parlor: provenance(),
    config: spec.config,
    players: N,
    seating: spec.seating,
    gamesAsked: spec.gamesAsked,
    blockSize: schedule.blockSize,
    blocks: schedule.blocks,
    reproducible: errors.timeout === 0 && !spec.entrants.some(onTheClock),
    seats,
    headToHead,
    family: { size: family.length, baseline: baseline === -1 ? null : labels[baseline]! },
    model: fit === null ? null : fit.model,
    outcomes: { tiedNonWinners: tally.tiedNonWinners[0]!, capped: tally.capped[0]!, drawn: tally.drawn[0]!, engineErrors: tally.engineErrors[0]! },
    placesOption: spec.winnerOnly?.placesOption ?? null,
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
