import { InputError } from '../core/errors.js';
import { streamRng, type SeedKey } from '../core/rng.js';

/**
 * duplicate: a block is one deal played under every cyclic rotation of its lineup, so first-player
 * advantage and lucky deals cancel, and the lineup (which entrants, in which order around the table)
 * is drawn per block, so no entrant keeps the same neighbours. rotations: the same rotations of one
 * fixed order per subset of entrants, the subsets in turn (the design before fair seating, for
 * reproducing old runs: an entrant's neighbours become part of its rating). random: a block is one
 * game, lineup and seat order drawn at random.
 */
export type Seating = 'duplicate' | 'rotations' | 'random';

export const SEATINGS: readonly Seating[] = ['duplicate', 'rotations', 'random'];

/**
 * Which entrants play which game in which seat, as a pure function of the game index: what makes a
 * game's result independent of the worker, batch or shard that played it.
 */
export interface Schedule {
  readonly entrants: number;
  readonly players: number;
  readonly seating: Seating;
  /** Games per block: the number of rotations under duplicate and rotations seating, 1 under random seating. */
  readonly blockSize: number;
  readonly blocks: number;
  /** blocks * blockSize: the games asked for, rounded up to whole blocks. */
  readonly games: number;
  /** How many distinct lineups rotations seating cycles through: C(entrants, players). */
  readonly lineups: number;
}

export function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return Math.round(result);
}

export function makeSchedule(entrants: number, players: number, seating: Seating, gamesAsked: number): Schedule {
  if (!Number.isInteger(gamesAsked) || gamesAsked < 1) throw new InputError(`--games ${gamesAsked}: expected a whole number of games >= 1`);
  const blockSize = seating === 'random' ? 1 : players;
  const blocks = Math.ceil(gamesAsked / blockSize);
  return { entrants, players, seating, blockSize, blocks, games: blocks * blockSize, lineups: binomial(entrants, players) };
}

/** The stream that draws random seatings: a name no game uses for its own streams. */
const SEATING_STREAM = 'harness:seating';

/**
 * The entrants of block `block` in lineup order (seat s of rotation r holds lineup[(s + r) mod N]),
 * written into `lineup`. Duplicate and random seating: a uniformly random N-subset of the entrants in
 * uniformly random order, drawn from the run's seed and the block alone, so blocks are independent
 * and identically distributed and every entrant meets every arrangement of the others equally often
 * in expectation (under duplicate seating only the cyclic order matters: every rotation is played).
 * Rotations seating: the block's N-subset in lexicographic order, round robin over all subsets.
 */
export function blockLineup(schedule: Schedule, key: SeedKey, block: number, lineup: number[]): number[] {
  const { entrants: n, players: k } = schedule;
  // Setting an array's length is a slow runtime call: done only when the caller's array is not sized yet.
  // Stryker disable next-line ConditionalExpression: setting a length that is already right changes nothing (a longer array is cut: test/harness/schedule-edges.test.ts)
  if (lineup.length !== k) lineup.length = k;
  if (schedule.seating !== 'rotations') {
    const rng = streamRng(key, block, SEATING_STREAM);
    const pool = Array.from({ length: n }, (_, i) => i);
    for (let i = 0; i < k; i++) {
      const j = i + rng.int(n - i);
      const chosen = pool[j]!;
      pool[j] = pool[i]!;
      pool[i] = chosen;
      lineup[i] = chosen;
    }
    return lineup;
  }
  // Unranks combination number (block mod C(n, k)) in lexicographic order.
  let rank = block % schedule.lineups;
  let next = 0;
  for (let position = 0; position < k; position++) {
    for (;;) {
      const withNext = binomial(n - next - 1, k - position - 1);
      if (rank < withNext) break;
      rank -= withNext;
      next++;
    }
    lineup[position] = next++;
  }
  return lineup;
}

/** The entrant in each seat of rotation `rotation` of a lineup: seat s holds lineup[(s + rotation) mod N]. */
export function rotateLineup(lineup: readonly number[], rotation: number, seats: number[]): number[] {
  const k = lineup.length;
  // Stryker disable next-line ConditionalExpression: setting a length that is already right changes nothing (a longer array is cut: test/harness/schedule-edges.test.ts)
  if (seats.length !== k) seats.length = k;
  for (let s = 0; s < k; s++) seats[s] = lineup[(s + rotation) % k]!;
  return seats;
}

export interface Shard {
  /** 1-based, as users and job arrays count. */
  readonly index: number;
  readonly count: number;
}

export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = match ? Number(match[1]) : NaN;
  const count = match ? Number(match[2]) : NaN;
  // Stryker disable next-line ConditionalExpression: count < 1 already follows from 1 <= index <= count; each other condition is pinned by test/harness/schedule-edges.test.ts
  if (!match || count < 1 || index < 1 || index > count) {
    throw new InputError(`--shard ${text}: expected k/N with 1 <= k <= N, e.g. --shard 2/8`);
  }
  return { index, count };
}

/** The blocks [from, to) a shard plays: contiguous, on block boundaries, sizes differing by at most one. */
export function shardBlocks(blocks: number, shard: Shard | null): [number, number] {
  if (shard === null) return [0, blocks];
  return [Math.floor(((shard.index - 1) * blocks) / shard.count), Math.floor((shard.index * blocks) / shard.count)];
}
