import type { FaultKind } from '../core/record.js';
import type { OutcomeLine } from '../harness/outcome-line.js';
import type { EndingCounts, PairedData, PairedSums } from '../harness/paired-tally.js';
import type { Provenance } from '../harness/provenance.js';
import type { Histogram } from '../harness/tally.js';
import { pairedMean, pairedRatio } from '../stats/paired.js';
import { round, roundPair } from './summary.js';

/** 1: the first shape of diff.json (docs/tournaments.md, "parlor diff"). */
export const DIFF_SCHEMA = 1;

type Interval = [number, number];

/**
 * One quantity in run A and run B, and B - A with its 95% interval paired by game (by block under
 * duplicate seating); `excludesZero` where the interval lies wholly on one side of 0. Null values
 * where a run has none; a null interval where the pairs do not give one (`note` may say why).
 */
export interface Change {
  a: number | null;
  b: number | null;
  diff: number | null;
  ci95: Interval | null;
  excludesZero: boolean;
  note?: string;
}

/** A run as the diff names it: its folder, what it played with, and the code that wrote its summary. */
export interface RunSide {
  dir: string;
  games: number;
  config: unknown;
  record: string;
  moveTimeMs: number;
  /** From its summary.json; null for a summary written before parlor recorded it. */
  parlor: Provenance | null;
  model: 'pairwise' | 'winner' | null;
}

/** A listed game: what changed, its outcome line in each run, and the commands that draw it (null without both records). */
export interface ListedGame {
  game: number;
  kind: 'winner' | 'outcome' | 'length';
  a: OutcomeLine;
  b: OutcomeLine;
  view: [string, string] | null;
}

export interface DiffSummary {
  schema: number;
  game: string;
  variant: string;
  seed: string;
  players: number;
  seating: string;
  a: RunSide;
  b: RunSide;
  /** Every field in which the runs differ: their options (`config.<key>`), record policy, move time, games asked, and their code (`parlor.version`, `parlor.commit`, `parlor.modified`). */
  differences: { field: string; a: unknown; b: unknown }[];
  paired: {
    /** The games both runs played (the first of each when they played different numbers). */
    games: number;
    blocks: number;
    /** `block` under duplicate or rotations seating (a deal's games share it), `game` under random seating. */
    by: 'block' | 'game';
    /** The pairs the statistics use: the blocks without an engine error in either run. */
    pairs: number;
    leftOut: number;
    notes: string[];
  };
  /** Per entrant: its pairs (the blocks it played), win rate, mean rank and Elo (null without a ladder) in both runs. */
  entrants: { bot: string; pairs: number; winRate: Change; meanRank: Change; meanScore: Change | null; elo: Change | null }[];
  seats: { seat: number; winRate: Change }[];
  length: { steps: Change; turns: Change | null };
  endings: { capped: EndingCounts; drawn: EndingCounts; engineErrors: EndingCounts; faults: { a: Record<FaultKind, number>; b: Record<FaultKind, number> } };
  /** Per entrant and metric; `paired` says whether the intervals pair games (from both runs' records) or the means are the runs' own. */
  metrics: { paired: boolean; note: string | null; rows: { bot: string; name: string; value: Change }[] };
  games: { same: number; length: number; outcome: number; winner: number; file: string; listed: ListedGame[]; note: string | null };
  distributions: { steps: { a: Histogram; b: Histogram } };
}

/** A Change from its parts, rounded as summary.json rounds. */
export function change(a: number | null, b: number | null, diff: number | null, ci95: readonly [number, number] | null, note?: string): Change {
  return {
    a: a === null ? null : round(a),
    b: b === null ? null : round(b),
    diff: diff === null ? null : round(diff),
    ci95: ci95 === null ? null : roundPair(ci95),
    excludesZero: ci95 !== null && (ci95[0] > 0 || ci95[1] < 0),
    ...(note !== undefined ? { note } : {}),
  };
}

/** A paired mean per pair: each run's, and the mean difference with its interval, sums in `unit`ths. */
function pairedChange(sums: PairedSums, unit: number, range?: readonly [number, number]): Change {
  if (sums.pairs === 0) return change(null, null, null, null, 'no pair');
  const { mean, ci95 } = pairedMean(sums.pairs, sums.b - sums.a, sums.diffSq, unit, range);
  return change(sums.a / sums.pairs / unit, sums.b / sums.pairs / unit, mean, ci95);
}

/**
 * The paired statistics read from the outcome lines: each entrant's win rate, mean rank and mean
 * score (a mean over its games with a score: the paired ratio), each seat's win rate, and the game
 * length in steps, per block (a block's games share a deal; under
 * random seating a block is one game).
 */
export function pairedChanges(data: PairedData): Pick<DiffSummary, 'seats'> & { wins: Change[]; ranks: Change[]; scores: Change[] | null; steps: Change } {
  const perBlock = data.blockSize;
  const rate = data.unit * perBlock;
  const places = data.players - 1;
  return {
    wins: data.wins.map((sums) => pairedChange(sums, rate, [-1, 1])),
    ranks: data.ranks.map((sums) => pairedChange(sums, perBlock, [-places, places])),
    scores: data.scores?.map((sums) => {
      const r = pairedRatio(sums);
      return change(r.a, r.b, r.diff, r.ci95);
    }) ?? null,
    seats: data.seatWins.map((sums, seat) => ({ seat, winRate: pairedChange(sums, rate, [-1, 1]) })),
    steps: pairedChange(data.steps, perBlock),
  };
}
