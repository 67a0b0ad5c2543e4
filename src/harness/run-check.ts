import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { InputError } from '../core/errors.js';
import { FAULT_KINDS, type FaultKind } from '../core/record.js';
import { seedKey } from '../core/rng.js';
import { MAX_INPUT_BYTES } from '../core/user-files.js';
import type { MatchResult } from '../referee/match.js';
import { pairResult } from '../stats/sprt.js';
import type { SprtBlock } from './batch.js';
import { keepLocksAlive } from './run-lock.js';
import { blockLineup, makeSchedule, rotateLineup, SEATINGS, shardBlocks } from './schedule.js';
import type { RunPart, RunSpec } from './spec.js';
import type { OutcomeLine } from './outcome-line.js';
import { emptyTally, mergeTallies, TallyBuilder, tallyOfJson, tallyShapeProblem, type TallyData, type TallyJson } from './tally.js';

/*
 * The checks of a run's files against each other, made before a resume or a merge uses them: a
 * file that does not add up is refused in one line naming the file and line, never used. What is
 * checked and what is not: docs/tournaments.md, "One command a folder, and run files checked".
 */

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

/** A value as a message quotes it: JSON, cut short. */
export function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/**
 * What is wrong with a run's spec read from a file, or null: the fields the harness computes with
 * (the seating of every game, the schedule, the SPRT's pair) must be what a run writes.
 */
export function specProblem(spec: unknown): string | null {
  if (!isObject(spec)) return 'its spec is not an object';
  for (const key of ['game', 'variant', 'seed'] as const) if (typeof spec[key] !== 'string') return `its spec's ${key} is ${show(spec[key])}, not text`;
  const entrants = spec['entrants'];
  if (!Array.isArray(entrants) || entrants.length === 0 || !entrants.every((e) => isObject(e) && typeof e['label'] === 'string')) return `its spec's entrants are ${show(entrants)}, not a list of entrants`;
  const players = spec['players'];
  if (!Number.isInteger(players) || (players as number) < 1 || (players as number) > entrants.length) return `its spec's players is ${show(players)}, not a number of seats from 1 to its ${entrants.length} entrants`;
  if (!SEATINGS.includes(spec['seating'] as never)) return `its spec's seating is ${show(spec['seating'])}, not one of ${SEATINGS.join(', ')}`;
  if (!Number.isInteger(spec['gamesAsked']) || (spec['gamesAsked'] as number) < 1) return `its spec's gamesAsked is ${show(spec['gamesAsked'])}, not a number of games`;
  const sprt = spec['sprt'];
  const entrant = (e: unknown): boolean => isCount(e) && e < entrants.length;
  if (sprt !== undefined && !(isObject(sprt) && entrant(sprt['base']) && entrant(sprt['test']) && sprt['base'] !== sprt['test'])) return `its spec's sprt is ${show(sprt)}, not two of its entrants`;
  return null;
}

/** What is wrong with a run's part read from a file, or null: the blocks must be those of its shard of `spec`. */
export function partProblem(part: unknown, spec: RunSpec): string | null {
  if (!isObject(part)) return 'its part is not an object';
  const shard = part['shard'];
  const shardIs = (index: unknown, count: unknown): boolean => Number.isInteger(index) && Number.isInteger(count) && (index as number) >= 1 && (index as number) <= (count as number);
  if (shard !== null && !(isObject(shard) && shardIs(shard['index'], shard['count']))) {
    return `its part's shard is ${show(shard)}, not null or {"index": k, "count": N}`;
  }
  const blocks = shardBlocks(makeSchedule(spec.entrants.length, spec.players, spec.seating, spec.gamesAsked).blocks, shard as RunPart['shard']);
  if (JSON.stringify(part['blocks']) !== JSON.stringify(blocks)) return `its part's blocks are ${show(part['blocks'])}, but ${shard === null ? 'the whole run' : `shard ${shard['index']}/${shard['count']}`} is blocks ${show(blocks)}`;
  return null;
}

/** A tally's part as files name it (`gameLengths` is `length` there). */
const inFile = (key: string): string => (key === 'gameLengths' ? 'length' : key);

/** A tally's sparse sums (the ladder's block sums): [key, sum] pairs in key order, any whole sums. */
const SPARSE_SUMS = new Set(['blockPoints', 'blockPointMeets', 'blockMeets']);

function countsProblem(values: readonly unknown[]): string | null {
  const bad = values.find((v) => !Number.isInteger(v));
  return bad === undefined ? null : `holds ${show(bad)}, not a whole number`;
}

/** What is wrong with [key, value] pairs in key order, or null: a histogram's values are counts (at least 1), sparse sums any whole numbers. */
function pairsProblem(value: unknown, counts: boolean): string | null {
  if (!Array.isArray(value)) return 'is not a list';
  let last = -Infinity;
  for (const pair of value) {
    if (!Array.isArray(pair) || pair.length !== 2 || !Number.isInteger(pair[0]) || !Number.isInteger(pair[1]) || (counts && pair[1] < 1) || pair[0] <= last) {
      return `holds ${show(pair)}, not a [${counts ? 'value, count' : 'key, sum'}] pair in ${counts ? 'value' : 'key'} order`;
    }
    last = pair[0];
  }
  return null;
}

const histogramProblem = (value: unknown): string | null => pairsProblem(value, true);

function metricsProblem(value: unknown, entrants: number): string | null {
  if (!isObject(value)) return 'is not an object';
  for (const [name, sums] of Object.entries(value)) {
    if (!Array.isArray(sums) || sums.length !== 3 * entrants) return `${name} is not ${3 * entrants} sums`;
    const problem = countsProblem(sums);
    if (problem !== null) return `${name} ${problem}`;
  }
  return null;
}

function lineupsProblem(value: unknown, entrants: number): string | null {
  if (!Array.isArray(value)) return 'is not a list';
  let last = '';
  for (const item of value) {
    const [key, sums] = Array.isArray(item) ? item : [];
    const members = typeof key === 'string' ? key.split(',').map(Number) : [];
    const m = members.length;
    const ordered = members.every((e, i) => isCount(e) && e < entrants && (i === 0 || e > members[i - 1]!));
    if (typeof key !== 'string' || key <= last || !ordered || !Array.isArray(sums) || sums.length !== 3 + 2 * m + (m * (m + 1)) / 2 || countsProblem(sums) !== null) return `holds ${show(item)}, not a lineup's sums in lineup order`;
    last = key;
  }
  return null;
}

/**
 * What is wrong with a tally read from a file (a checkpoint line's, tally.json's), or null: the
 * entrants and seats of the run, every part of the size this version keeps, and whole numbers
 * throughout (a tally holds counts and sums of whole numbers only).
 */
export function tallyProblem(json: unknown, entrants: number, players: number): string | null {
  if (!isObject(json)) return `its tally is ${show(json)}, not an object`;
  const data = tallyOfJson(json as TallyJson);
  if (data.entrants !== entrants || data.players !== players) return `its tally is of ${show(data.entrants)} entrants at ${show(data.players)} seats, not the run's ${entrants} at ${players}`;
  const shape = tallyShapeProblem(data);
  if (shape !== null) return shape;
  for (const key of Object.keys(emptyTally(entrants, players))) {
    const value = (data as unknown as Record<string, unknown>)[key];
    let problem: string | null;
    if (key === 'entrants' || key === 'players') problem = null;
    else if (key === 'gameLengths') problem = histogramProblem(value);
    else if (SPARSE_SUMS.has(key)) problem = pairsProblem(value, false);
    else if (key === 'scores') problem = Array.isArray(value) && value.length === entrants ? (value.map(histogramProblem).find((p) => p !== null) ?? null) : `are not ${entrants} histograms`;
    else if (key === 'metrics') problem = metricsProblem(value, entrants);
    else if (key === 'winnerLineups') problem = lineupsProblem(value, entrants);
    // A counter: tallyShapeProblem checked its size.
    else problem = countsProblem(value as unknown[]);
    if (problem !== null) return `its ${inFile(key)} ${problem}`;
  }
  return null;
}

/** What is wrong with the decision times read from a file (per entrant: timed, totalNs, bins), or null. */
export function decisionsProblem(value: unknown, entrants: number): string | null {
  const entrant = (d: unknown): boolean => isObject(d) && isCount(d['timed']) && typeof d['totalNs'] === 'number' && d['totalNs'] >= 0 && histogramProblem(d['bins']) === null;
  return Array.isArray(value) && value.length === entrants && value.every(entrant) ? null : `its decisions are not the decision times of ${entrants} entrants`;
}

/** What is wrong with the SPRT blocks of a checkpoint line (`SprtBlock`: seven counts, the first five adding up to the block's games), or null. */
export function sprtBlocksProblem(value: unknown, blocks: number, blockSize: number): string | null {
  const block = (b: unknown): boolean => Array.isArray(b) && b.length === 7 && b.every(isCount) && b.slice(0, 5).reduce((sum: number, c: number) => sum + c, 0) === blockSize;
  return Array.isArray(value) && value.length === blocks && value.every(block) ? null : `its sprt is not the SPRT counts of its ${blocks} blocks`;
}

/**
 * Two tallies' first difference among `keys` (every part by default), as one phrase, or null when
 * they agree. Both are normalised first (metric names in order), as merging does.
 */
export function tallyDifference(claimed: TallyData, actual: TallyData, keys?: readonly string[]): string | null {
  const empty = emptyTally(claimed.entrants, claimed.players);
  const a = mergeTallies(empty, claimed) as unknown as Record<string, unknown>;
  const b = mergeTallies(empty, actual) as unknown as Record<string, unknown>;
  for (const key of keys ?? Object.keys(a)) {
    const x = a[key];
    const y = b[key];
    if (JSON.stringify(x) === JSON.stringify(y)) continue;
    if (Array.isArray(x) && Array.isArray(y) && x.length === y.length && x.every((v) => typeof v === 'number')) {
      const i = x.findIndex((v, j) => v !== y[j]);
      return `${inFile(key)}${x.length === 1 ? '' : `[${i}]`} is ${x[i]}, not ${y[i]}`;
    }
    return `its ${inFile(key)} differ`;
  }
  return null;
}

/** The tally's parts an outcome line decides, whatever happened in the game. */
const FROM_OUTCOMES = [
  'games', 'engineErrors', 'entrantGames', 'draws', 'rankSum', 'winsByTie', 'faults', 'seatGames', 'seatDraws', 'seatRankSum', 'seatWinsByTie', 'seatBlockWins', 'seatBlockWinsSq',
  'ahead', 'tied', 'decisiveBlocks', 'blocks', 'blockWins', 'blockWinsSq', 'ladderBlocks', 'drawn', 'capped',
  'gameLengths', 'blockPoints', 'blockPointMeets', 'blockMeets', 'winnerLineups',
] as const;

/**
 * The parts that also depend on which seats left the game: a fault is a forfeit, but for an entrant
 * that plays on after a fault (a process bot with `onFault: "random"`) the line does not say which.
 * A batch with such a fault is checked on each entrant's scores counted and summed, left out or not.
 */
const DEPARTURES = ['scored', 'scoresLeftOut', 'leftOutScoreSum', 'scoreSum', 'scoreSq', 'seatScored', 'seatScoreSum', 'scores', 'tiedNonWinners'] as const;

/** The scores counted and summed whether left out or not, per entrant: what a batch whose departures are unknown can be checked on. */
function scoreTotalsDifference(claimed: TallyData, replayed: TallyData): string | null {
  for (let e = 0; e < claimed.entrants; e++) {
    const scored = claimed.scored[e]! + claimed.scoresLeftOut[e]!;
    const played = replayed.scored[e]! + replayed.scoresLeftOut[e]!;
    if (scored !== played) return `scored[${e}] + scoresLeftOut[${e}] is ${scored}, not ${played}`;
    const sum = claimed.scoreSum[e]! + claimed.leftOutScoreSum[e]!;
    const total = replayed.scoreSum[e]! + replayed.leftOutScoreSum[e]!;
    if (sum !== total) return `scoreSum[${e}] + leftOutScoreSum[${e}] is ${sum}, not ${total}`;
  }
  return null;
}

/** The entrants that play on after a fault (a move is played for them) instead of forfeiting. */
export function playingOn(spec: RunSpec): Set<number> {
  const on = new Set<number>();
  spec.entrants.forEach((entrant, e) => {
    const source = entrant.source as { readonly limits?: { readonly onFault?: unknown } } | undefined;
    if (source?.limits?.onFault === 'random') on.add(e);
  });
  return on;
}

/** Finished games vouched for by one record of a run (a checkpoint line, or a tally.json with no checkpoint): blocks [from, to). */
export interface Batch {
  readonly from: number;
  readonly to: number;
  readonly tally: TallyData;
  /** outcomes.jsonl's size once the batch's lines were written; null when nothing says (a tally.json alone). */
  readonly outcomesBytes: number | null;
  /** The batch's SPRT counts, for `parlor sprt`'s runs. */
  readonly sprt?: readonly SprtBlock[];
  /** Where it is written, for messages: `results/r/checkpoint.jsonl line 7`. */
  readonly where: string;
}

/** A file's size, or null when it is missing; what is not a regular file is refused in one line. */
export function fileSize(path: string, fix: string): number | null {
  let stat;
  try {
    stat = statSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new InputError(`cannot read ${path}: ${(error as Error).message}`);
  }
  if (!stat.isFile()) throw new InputError(`${path} is ${stat.isDirectory() ? 'a folder' : 'not a regular file'}, not a run's file; ${fix}`);
  return stat.size;
}

interface Line {
  readonly text: string;
  readonly number: number;
  /** The byte after its newline; -1 for a last line the file ends inside. */
  readonly end: number;
}

/** A file's lines with where each ends, read in chunks: an outcomes file of any size costs the memory of one line. */
function* linesOf(path: string, fix: string): Generator<Line, void, undefined> {
  const fd = openSync(path, 'r');
  const chunk = Buffer.allocUnsafe(1 << 20);
  let parts: Buffer[] = [];
  let partBytes = 0;
  let position = 0;
  let number = 0;
  try {
    for (let read = readSync(fd, chunk); read > 0; read = readSync(fd, chunk)) {
      keepLocksAlive();
      const data = chunk.subarray(0, read);
      let from = 0;
      for (let at = data.indexOf(10); at !== -1; at = data.indexOf(10, from)) {
        const text = Buffer.concat([...parts, data.subarray(from, at)]).toString('utf8');
        parts = [];
        partBytes = 0;
        from = at + 1;
        yield { text, number: ++number, end: position + from };
      }
      partBytes += read - from;
      if (partBytes > MAX_INPUT_BYTES) throw new InputError(`${path} line ${number + 1} is over ${MAX_INPUT_BYTES / 1024 / 1024} MiB, no outcome line; ${fix}`);
      parts.push(Buffer.from(data.subarray(from)));
      position += read;
    }
    if (partBytes > 0) yield { text: Buffer.concat(parts).toString('utf8'), number: ++number, end: -1 };
  } finally {
    closeSync(fd);
  }
}

const isSeat = (value: unknown, n: number): boolean => isCount(value) && value < n;

/** A game replayed from its outcome line: what the tally reads of a played game (no metrics; the seats whose fault was a forfeit departed). */
export type Replayed = Pick<MatchResult, 'outcome' | 'steps' | 'faults' | 'departed'>;

/** What is wrong with an outcome line's fields (`outcome-line.ts`) for a game of `n` seats, or null. */
function outcomeLineProblem(o: Record<string, unknown>, n: number): string | null {
  if (!isCount(o['steps'])) return `its "steps" is ${show(o['steps'])}, not a count`;
  const faults = o['faults'];
  if (faults !== undefined && !(Array.isArray(faults) && faults.every((f) => isObject(f) && isSeat(f['seat'], n) && FAULT_KINDS.includes(f['kind'] as FaultKind)))) return `its "faults" is ${show(faults)}, not a list of {"seat", "kind"}`;
  if (o['error'] !== undefined) {
    if (typeof o['error'] !== 'string') return `its "error" is ${show(o['error'])}, not text`;
    if (o['stack'] !== undefined && typeof o['stack'] !== 'string') return `its "stack" is ${show(o['stack'])}, not text`;
    return ['rank', 'winners', 'score'].some((key) => o[key] !== undefined) ? 'it has an engine error and an outcome' : null;
  }
  const rank = o['rank'];
  if (!Array.isArray(rank) || rank.length !== n || !rank.every((r) => Number.isInteger(r) && r >= 1 && r <= n)) return `its "rank" is ${show(rank)}, not ${n} places from 1 to ${n}`;
  const winners = o['winners'];
  if (!Array.isArray(winners) || !winners.every((w) => isSeat(w, n)) || new Set(winners).size !== winners.length) return `its "winners" is ${show(winners)}, not a list of seats`;
  const score = o['score'];
  if (score !== undefined && !(Array.isArray(score) && score.length === n && score.every(Number.isInteger))) return `its "score" is ${show(score)}, not ${n} whole numbers`;
  if (o['capped'] !== undefined && o['capped'] !== true) return `its "capped" is ${show(o['capped'])}, not true`;
  return null;
}

/**
 * An outcome line as the game it records, checked to be game `game` with `seats` as the run's
 * seating seats it; a faulted seat departed unless its entrant is one of `playOn`.
 */
function replayedGame(line: Line, game: number, seats: readonly number[], playOn: ReadonlySet<number>, at: string, fix: string): Replayed {
  const n = seats.length;
  let o: unknown;
  try {
    o = JSON.parse(line.text);
  } catch {
    throw new InputError(`${at} is not JSON (a damaged or overwritten line); ${fix}`);
  }
  if (!isObject(o)) throw new InputError(`${at} is ${show(o)}, not an outcome line; ${fix}`);
  if (o['game'] !== game) throw new InputError(`${at} is game ${show(o['game'])}, where game ${game} belongs (each game once, in order); ${fix}`);
  if (JSON.stringify(o['entrants']) !== JSON.stringify(seats)) throw new InputError(`${at}: game ${game} seats entrants ${show(o['entrants'])}, but the run's seating gives ${show(seats)}; ${fix}`);
  const problem = outcomeLineProblem(o, n);
  if (problem !== null) throw new InputError(`${at}: ${problem}; ${fix}`);
  return gameOfLine(o as unknown as OutcomeLine, playOn);
}

/**
 * A checked outcome line as the game the tally reads (no metrics): its outcome, steps and faults,
 * the faulted seats departed unless their entrant is one of `playOn` (`playingOn`).
 */
export function gameOfLine(o: OutcomeLine, playOn: ReadonlySet<number>): Replayed {
  const faults = (o.faults ?? []).map((f) => ({ seat: f.seat, kind: f.kind as FaultKind, detail: '' }));
  const outcome = o.error !== undefined ? null : { rank: o.rank!, winners: o.winners!, ...(o.score !== undefined ? { score: o.score } : {}), ...(o.capped === true ? { capped: true } : {}) };
  const departed = [...new Set(faults.filter((f) => !playOn.has(o.entrants[f.seat]!)).map((f) => f.seat))];
  return { outcome, steps: o.steps, faults, departed };
}

const PAIR_SLOT = { ahead: 0, tied: 1, behind: 2, uncounted: 3 } as const;

/** A game's share of its block's SPRT counts, counted as `playBatch` (batch.ts) counts it while playing. */
function addSprtGame(block: SprtBlock, game: Replayed, seats: readonly number[], pair: { readonly base: number; readonly test: number }, winnerOnly: boolean): void {
  const base = seats.indexOf(pair.base);
  const test = seats.indexOf(pair.test);
  for (const fault of game.faults) {
    if (fault.seat === base) block[5]++;
    else if (fault.seat === test) block[6]++;
  }
  if (game.outcome === null) block[4]++;
  else block[PAIR_SLOT[pairResult(game.outcome, test, base, winnerOnly)]]++;
}

/**
 * Reads outcomes.jsonl as far as `batches` vouch for (their blocks contiguous, in order) and checks
 * every line: whole, JSON, the next game in order, seated as the run's seating seats it, its fields
 * an outcome's; that each batch's lines end where it says; and that each batch's tally (the parts
 * an outcome line decides) and SPRT counts are what its games add up to. Returns where the vouched
 * lines end; anything after them is not read. `onBlock` hears of each block's games as they are read.
 */
export function checkOutcomes(path: string, spec: RunSpec, batches: readonly Batch[], fix: string, onBlock?: (games: number) => void): number {
  const schedule = makeSchedule(spec.entrants.length, spec.players, spec.seating, spec.gamesAsked);
  const games = batches.reduce((sum, b) => sum + (b.to - b.from), 0) * schedule.blockSize;
  if (fileSize(path, fix) === null) {
    if (games === 0) return 0;
    throw new InputError(`${path} is missing, but ${batches[0]!.where} vouches for ${games} games in it; ${fix}`);
  }
  const key = seedKey(spec.seed);
  const n = spec.players;
  const playOn = playingOn(spec);
  // As playBatch counts it: at two seats the winner is the whole ranking.
  const winnerOnly = spec.winnerOnly !== undefined && n >= 3;
  const lineup: number[] = [];
  const seats: number[] = [];
  const lines = linesOf(path, fix);
  let end = 0;
  let lineNumber = 0;
  try {
    for (const batch of batches) {
      const tally = new TallyBuilder(schedule.entrants, n, { winnerLineups: spec.winnerOnly !== undefined });
      const sprt: SprtBlock[] = [];
      const first = lineNumber + 1;
      // A fault of an entrant that plays on: which seats departed is not known.
      let unknownDepartures = false;
      for (let block = batch.from; block < batch.to; block++) {
        blockLineup(schedule, key, block, lineup);
        tally.beginBlock(lineup);
        const pair: SprtBlock = [0, 0, 0, 0, 0, 0, 0];
        for (let rotation = 0; rotation < schedule.blockSize; rotation++) {
          const game = block * schedule.blockSize + rotation;
          const next = lines.next();
          if (next.done === true) throw new InputError(`${path} ends after line ${lineNumber}, before game ${game}, which ${batch.where} vouches for; ${fix}`);
          const line = next.value;
          lineNumber = line.number;
          const at = `${path} line ${line.number}`;
          if (line.end === -1) throw new InputError(`${at} is cut short (no newline at its end), yet ${batch.where} vouches for it; ${fix}`);
          rotateLineup(lineup, rotation, seats);
          const replayed = replayedGame(line, game, seats, playOn, at, fix);
          unknownDepartures ||= replayed.faults.some((f) => playOn.has(seats[f.seat]!));
          tally.addGame(seats, replayed as MatchResult);
          if (spec.sprt !== undefined) addSprtGame(pair, replayed, seats, spec.sprt, winnerOnly);
          end = line.end;
        }
        tally.endBlock();
        sprt.push(pair);
        onBlock?.(schedule.blockSize);
      }
      if (batch.outcomesBytes !== null && batch.outcomesBytes !== end) throw new InputError(`${batch.where}: "outcomesBytes" is ${batch.outcomesBytes}, but its games end at byte ${end} of ${path}; ${fix}`);
      const replayed = tally.finish();
      const span = first > lineNumber ? 'no lines' : `lines ${first}-${lineNumber}`;
      const difference = unknownDepartures ? (tallyDifference(batch.tally, replayed, FROM_OUTCOMES) ?? scoreTotalsDifference(batch.tally, replayed)) : tallyDifference(batch.tally, replayed, [...FROM_OUTCOMES, ...DEPARTURES]);
      if (difference !== null) throw new InputError(`${batch.where}: its tally does not match ${path} ${span} (${difference} there); ${fix}`);
      if (batch.sprt !== undefined && JSON.stringify(batch.sprt) !== JSON.stringify(sprt)) throw new InputError(`${batch.where}: its SPRT counts do not match ${path} ${span}; ${fix}`);
    }
  } finally {
    lines.return();
  }
  return end;
}
