/**
 * The exact distribution of the final score under optimal play, by forward propagation: the
 * probability of every (turn-start state, points so far) pair, turn after turn, carried through
 * each turn's dice exactly as the bot plays them (same keeps, same categories, same tie-breaks).
 * No sampling: the only error is floating-point rounding.
 */
import { ADD_DIE, FACES, KEEPS, ROLL_PROBABILITY, ROLLS } from './dice.js';
import { CATEGORY_INDEX, UPPER_BONUS } from '../scoring.js';
import { CATEGORY_COUNT, CLASS_COUNT, FULL_MASK, LAYERS, popcount, STATE_COUNT, STATE_OFFSET, stateIndex, UPPER_MASK } from './states.js';
import { distributionCachePath, readJsonCache, writeJsonCache } from './cache.js';
import type { OptimalTable } from './table.js';
import { TurnSolver } from './turn.js';

/** 5 x (1 + ... + 6) + 35 + 30 + 30 + 25 + 30 + 40 + 50 + 30. */
export const MAX_SCORE = 375;
/** Points one turn can score: up to 50, or 30 + the 35 bonus in the upper section. */
const POINT_SLOTS = 66;
const YAHTZEE = CATEGORY_INDEX.yahtzee;
const PERCENTILES = [1, 5, 10, 25, 50, 75, 90, 95, 99] as const;

export interface ScoreDistribution {
  /** probabilities[s]: the probability that the game ends with s points. */
  readonly probabilities: Float64Array;
  readonly mean: number;
  readonly sd: number;
  /** percentiles['p'] for p = 1, 5, 10, 25, 50, 75, 90, 95, 99: the least s with P(score <= s) >= p%. */
  readonly percentiles: Readonly<Record<string, number>>;
  readonly min: number;
  readonly max: number;
  /** The probability of earning the upper bonus. */
  readonly bonusProbability: number;
  /** The probability of scoring 50 in the Yahtzee category. */
  readonly yahtzeeProbability: number;
}

/** One turn's outcomes under optimal play from one state: where it leads, with how many points. */
class TurnOutcomes {
  private readonly turn: TurnSolver;
  private readonly mass = new Float64Array(KEEPS);
  /** byOutcome[c * POINT_SLOTS + points]: the probability of ending the turn scoring `points` in c. */
  private readonly byOutcome = new Float64Array(CATEGORY_COUNT * POINT_SLOTS);
  /** A roll that scores it, to find the state it leads to. */
  private readonly exampleRoll = new Int32Array(CATEGORY_COUNT * POINT_SLOTS);
  readonly next: number[] = [];
  readonly points: number[] = [];
  readonly probability: number[] = [];
  bonus = 0;
  yahtzee = 0;

  constructor(table: OptimalTable) {
    this.turn = new TurnSolver(table);
  }

  /** Rolls the dice of one stage: the mass on each roll moves to its best keep, then to the rolls it can become. */
  private reroll(rollsLeft: 1 | 2): void {
    const mass = this.mass;
    for (let r = 0; r < ROLLS; r++) {
      const p = mass[r]!;
      if (p === 0) continue;
      const keep = this.turn.bestKeep(r, rollsLeft);
      if (keep !== r) {
        mass[r] = mass[r]! - p;
        mass[keep] = mass[keep]! + p;
      }
    }
    // Keeps are numbered by size, largest first: walking down from the empty keep meets each keep
    // after every keep with one die less, so mass flows one added die at a time.
    for (let k = KEEPS - 1; k >= ROLLS; k--) {
      const share = mass[k]! / FACES;
      if (share === 0) continue;
      mass[k] = 0;
      for (let f = 0; f < FACES; f++) {
        const to = ADD_DIE[k * FACES + f]!;
        mass[to] = mass[to]! + share;
      }
    }
  }

  solve(used: number, cls: number): void {
    this.turn.solveState(used, cls);
    const mass = this.mass;
    mass.fill(0);
    mass.set(ROLL_PROBABILITY);
    this.reroll(2);
    this.reroll(1);
    const byOutcome = this.byOutcome;
    byOutcome.fill(0);
    for (let r = 0; r < ROLLS; r++) {
      const p = mass[r]!;
      if (p === 0) continue;
      const c = this.turn.bestCategory(r);
      const at = c * POINT_SLOTS + this.turn.pointsNow(r, c);
      if (byOutcome[at] === 0) this.exampleRoll[at] = r;
      byOutcome[at] = byOutcome[at]! + p;
    }
    this.next.length = 0;
    this.points.length = 0;
    this.probability.length = 0;
    this.bonus = 0;
    this.yahtzee = 0;
    for (let at = 0; at < byOutcome.length; at++) {
      const p = byOutcome[at]!;
      if (p === 0) continue;
      const c = Math.floor(at / POINT_SLOTS);
      const points = at % POINT_SLOTS;
      this.next.push(this.turn.nextState(this.exampleRoll[at]!, c));
      this.points.push(points);
      this.probability.push(p);
      // One upper category scores at most 30, so 35 or more includes the bonus.
      if (c < FACES && points >= UPPER_BONUS) this.bonus += p;
      if (c === YAHTZEE && points > 0) this.yahtzee += p;
    }
  }
}

function summarise(probabilities: Float64Array, bonusProbability: number, yahtzeeProbability: number): ScoreDistribution {
  let mean = 0;
  let square = 0;
  let min = -1;
  let max = 0;
  for (let s = 0; s < probabilities.length; s++) {
    const p = probabilities[s]!;
    if (p === 0) continue;
    mean += p * s;
    square += p * s * s;
    if (min < 0) min = s;
    max = s;
  }
  const percentiles: Record<string, number> = {};
  let cumulative = 0;
  let next = 0;
  for (let s = 0; s < probabilities.length && next < PERCENTILES.length; s++) {
    cumulative += probabilities[s]!;
    while (next < PERCENTILES.length && cumulative >= PERCENTILES[next]! / 100) percentiles[String(PERCENTILES[next++])] = s;
  }
  return { probabilities, mean, sd: Math.sqrt(square - mean * mean), percentiles, min, max, bonusProbability, yahtzeeProbability };
}

/**
 * The exact distribution of the points still to come under optimal play from the start of a turn
 * of the card (`used` mask, `upperTotal`): by default the empty card, where it is the final score.
 * The bonus and Yahtzee probabilities are those of earning them from there on.
 */
export function scoreDistribution(table: OptimalTable, used = 0, upperTotal = 0): ScoreDistribution {
  const outcomes = new TurnOutcomes(table);
  // points[state]: the probability of reaching that turn-start state with each number of points so far.
  const points: (Float64Array | undefined)[] = new Array(STATE_COUNT);
  const start = new Float64Array(MAX_SCORE + 1);
  start[0] = 1;
  points[stateIndex(used, upperTotal)] = start;
  let bonus = 0;
  let yahtzee = 0;
  for (let n = popcount(used); n < CATEGORY_COUNT; n++) {
    for (const used of LAYERS[n]!) {
      const classes = CLASS_COUNT[used & UPPER_MASK]!;
      for (let cls = 0; cls < classes; cls++) {
        const state = STATE_OFFSET[used]! + cls;
        const so = points[state];
        if (so === undefined) continue;
        points[state] = undefined;
        let low = 0;
        while (so[low] === 0) low++;
        let high = MAX_SCORE;
        while (so[high] === 0) high--;
        let total = 0;
        for (let s = low; s <= high; s++) total += so[s]!;
        outcomes.solve(used, cls);
        bonus += total * outcomes.bonus;
        yahtzee += total * outcomes.yahtzee;
        for (let o = 0; o < outcomes.next.length; o++) {
          const to = outcomes.next[o]!;
          const into = (points[to] ??= new Float64Array(MAX_SCORE + 1));
          const p = outcomes.probability[o]!;
          const shift = outcomes.points[o]!;
          for (let s = low; s <= high; s++) into[s + shift] = into[s + shift]! + p * so[s]!;
        }
      }
    }
  }
  return summarise(points[STATE_OFFSET[FULL_MASK]!]!, bonus, yahtzee);
}

/**
 * The distribution of a series total: `games` independent games, each played optimally from the
 * empty card, as the bot plays every game of a series. Its bonus and Yahtzee probabilities stay
 * those of one game.
 */
export function seriesDistribution(single: ScoreDistribution, games: number): ScoreDistribution {
  let total = Float64Array.of(1);
  for (let g = 0; g < games; g++) {
    const next = new Float64Array(total.length + single.probabilities.length - 1);
    for (let a = 0; a < total.length; a++) {
      const p = total[a]!;
      if (p === 0) continue;
      for (let b = 0; b < single.probabilities.length; b++) next[a + b] = next[a + b]! + p * single.probabilities[b]!;
    }
    total = next;
  }
  return summarise(total, single.bonusProbability, single.yahtzeeProbability);
}

/** A distribution as plain JSON: the probabilities as an array indexed by score. */
export function distributionJson(d: ScoreDistribution): Omit<ScoreDistribution, 'probabilities'> & { probabilities: number[] } {
  return { ...d, probabilities: Array.from(d.probabilities) };
}

function fromJson(payload: unknown): ScoreDistribution | null {
  const d = payload as Partial<ReturnType<typeof distributionJson>> | null;
  if (d === null || typeof d !== 'object' || !Array.isArray(d.probabilities) || d.probabilities.length !== MAX_SCORE + 1) return null;
  return { ...(d as ReturnType<typeof distributionJson>), probabilities: Float64Array.from(d.probabilities) };
}

/**
 * The distribution from the cache when sound (it takes seconds to compute), else computed from
 * `table` and cached. `table` must be the cached table of the same rules, as sharedTable() is.
 */
export function loadScoreDistribution(table: OptimalTable, path: string = distributionCachePath()): ScoreDistribution {
  const read = readJsonCache(path);
  const cached = 'payload' in read ? fromJson(read.payload) : null;
  if (cached !== null) return cached;
  const computed = scoreDistribution(table);
  try {
    writeJsonCache(path, distributionJson(computed));
  } catch {
    // An unwritable cache folder only means computing it again next time.
  }
  return computed;
}
