import type { Action } from '../../src/core/game.js';
import type { Rng } from '../../src/core/rng.js';
import type { Seat } from '../../src/core/seat.js';

/**
 * A node of the single-observer ISMCTS tree (Cowling, Powley & Whitehouse 2012): the actions
 * played from the root's information set, one child per action whatever the determinization or
 * the dice. A child keeps its visits, the reward of every seat summed over them, and how often it
 * was available (legal in the determinization of a visit to its parent): UCB weighs a child
 * against the times it could have been chosen, not against the parent's visits.
 */
export class TreeNode {
  readonly children = new Map<string, TreeNode>();
  visits = 0;
  available = 0;
  /** rewards[s]: seat s's reward summed over the visits. */
  readonly rewards: Float64Array;
  /** The deciding seat's squared rewards summed over the visits (kept at the root's children, for the decision's standard errors). */
  squares = 0;

  constructor(
    seats: number,
    /** The action that leads here from the parent, as first seen; null at the root. */
    readonly action: Action | null,
  ) {
    this.rewards = new Float64Array(seats);
  }
}

/** An action's identity across determinizations: the same JSON is the same action. */
const keys = new WeakMap<object, string>();
export function actionKey(action: Action): string {
  let key = keys.get(action);
  if (key === undefined) {
    key = JSON.stringify(action);
    keys.set(action, key);
  }
  return key;
}

/**
 * The step to take from `node` where `seat` chooses among `legal`: an action no visit has tried
 * yet (`first` when it is one of them, else one drawn at random; a function gives `first` only when
 * some action is untried, as naming it may cost a bot's decision), else the child best by UCB1 on
 * `seat`'s own reward. Every child legal here counts one more availability. Returns the index into
 * `legal` and the child, new or not.
 */
export function selectChild(node: TreeNode, seat: Seat, legal: readonly Action[], exploration: number, seats: number, rng: Rng, first: string | (() => string) | null = null): { index: number; child: TreeNode; fresh: boolean } {
  let untried = 0;
  let best = -1;
  let bestScore = -Infinity;
  let bestChild: TreeNode | null = null;
  for (let i = 0; i < legal.length; i++) {
    const child = node.children.get(actionKey(legal[i]!));
    if (child === undefined) {
      untried++;
      continue;
    }
    child.available++;
    if (untried > 0) continue;
    const score = child.rewards[seat]! / child.visits + exploration * Math.sqrt(Math.log(child.available) / child.visits);
    if (score > bestScore) {
      bestScore = score;
      best = i;
      bestChild = child;
    }
  }
  if (untried > 0) {
    const firstKey = typeof first === 'function' ? first() : first;
    const firstAt = firstKey === null || node.children.has(firstKey) ? -1 : legal.findIndex((action) => actionKey(action) === firstKey);
    let pickAt = firstAt >= 0 ? -1 : rng.int(untried);
    for (let i = 0; i < legal.length; i++) {
      const key = actionKey(legal[i]!);
      if (node.children.has(key)) continue;
      if (i === firstAt || pickAt-- === 0) {
        const child = new TreeNode(seats, legal[i]!);
        child.available = 1;
        node.children.set(key, child);
        return { index: i, child, fresh: true };
      }
    }
  }
  return { index: best, child: bestChild!, fresh: false };
}

/**
 * The root's decision for `seat`: its most visited action, unless the advised action (the
 * advisor's choice) is as often visited, or the most visited's mean reward beats the advised's by
 * less than `margin` standard errors of their difference. A search that cannot tell the actions
 * apart (every rollout lost, or too few iterations for the rewards' noise) spreads its visits
 * evenly and its most visited action is then an accident of the legal list's order or of luck; the
 * advisor's choice is the better guess there. Null before any visit.
 */
export function decision(root: TreeNode, seat: Seat, legal: readonly Action[], advised: string, margin: number): number | null {
  let best: number | null = null;
  let bestChild: TreeNode | null = null;
  let advisedAt = -1;
  let advisedChild: TreeNode | undefined;
  for (let i = 0; i < legal.length; i++) {
    const key = actionKey(legal[i]!);
    const child = root.children.get(key);
    if (key === advised) {
      advisedAt = i;
      advisedChild = child;
    }
    if (child === undefined) continue;
    if (bestChild === null || child.visits > bestChild.visits) {
      best = i;
      bestChild = child;
    }
  }
  if (advisedChild === undefined || bestChild === null) return best;
  if (advisedChild.visits >= bestChild.visits) return advisedAt;
  const lead = mean(bestChild, seat) - mean(advisedChild, seat);
  return lead > margin * differenceError(bestChild, advisedChild, seat) ? best : advisedAt;
}

function mean(node: TreeNode, seat: Seat): number {
  return node.rewards[seat]! / node.visits;
}

/**
 * The standard error of the difference of two children's mean rewards for `seat`, from the
 * variance of their rewards pooled: a child visited a few times and lost every time has a sample
 * variance of 0, which alone would make any lead over it look certain.
 */
function differenceError(a: TreeNode, b: TreeNode, seat: Seat): number {
  const visits = a.visits + b.visits;
  const pooledMean = (a.rewards[seat]! + b.rewards[seat]!) / visits;
  const variance = Math.max(0, (a.squares + b.squares - visits * pooledMean * pooledMean) / Math.max(1, visits - 1));
  return Math.sqrt(variance * (1 / a.visits + 1 / b.visits));
}
