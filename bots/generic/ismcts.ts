import { z } from 'zod';
import { pick, type Bot, type BotContext, type BotFactory } from '../../src/core/bot.js';
import { paramsOf } from '../../src/core/bot-params.js';
import type { GameEvent } from '../../src/core/events.js';
import { stateSampler, type Action, type GameDefinition, type StateSampler } from '../../src/core/game.js';
import { streamsFrom, type Rng } from '../../src/core/rng.js';
import { generatedSeatNames, type Seat } from '../../src/core/seat.js';
import { actionKey, decision, selectChild, TreeNode } from './ismcts-tree.js';
import { Playout, rewardsOf } from './playout.js';

/** The search's defaults for one game: its bots named by name, and the budget a decision. */
export interface SearchDefaults {
  /** The bot that plays every seat from a new leaf to the end. */
  readonly rollout: string;
  /** The bot whose choice for the real view the root tries first. */
  readonly advisor: string;
  readonly iterations: number;
  /** Standard errors by which the most visited action must out-earn the advisor's choice to be played. */
  readonly margin: number;
}

/**
 * The defaults from the contract alone, for a game that names none (docs/bots.md#ismcts): rollouts
 * and advice by `random`, which every game has, and no trust in a random advisor's choice. The
 * budget is where the search stopped gaining against `random` on a cheap game (hidden cups), a few
 * milliseconds a decision there: room for a game whose playouts cost several times as much.
 */
export const GENERIC_SEARCH: SearchDefaults = { rollout: 'random', advisor: 'random', iterations: 300, margin: 0 };

function searchParams(bots: readonly BotFactory[], defaults: SearchDefaults) {
  const names = bots.map((b) => b.name) as [string, ...string[]];
  return z.object({
    iterations: z.number().int().min(1).max(10_000_000).default(defaults.iterations).describe('iterations a decision (deterministic: the same decisions on any number of workers)'),
    ms: z.number().int().min(1).max(3_600_000).optional().describe('milliseconds a decision instead of iterations (wall clock: the run is not reproducible)'),
    rollout: z.enum(names).default(defaults.rollout).describe('the built-in bot that plays every seat from a new leaf to the end'),
    advisor: z.enum(names).default(defaults.advisor).describe('the built-in bot whose choice the root tries first and plays unless the search finds a clearly better one'),
    exploration: z.number().min(0).max(10).default(0.7).describe('the UCB exploration constant'),
    margin: z.number().min(0).max(10).default(defaults.margin).describe('standard errors by which the search\'s most visited action must out-earn the advisor\'s choice to be played instead'),
  });
}

/**
 * Single-observer information-set Monte Carlo tree search over the game contract alone: one tree
 * over the deciding seat's information set; each iteration draws a determinization with
 * `sampleState` from what the seat has seen, descends the tree (every seat's node choosing by UCB
 * on that seat's own reward, availability counting actions legal only in some determinizations),
 * adds one node, plays the game out with the rollout bot in every seat, and credits each seat's
 * reward to the nodes it passed. Chance (dice, draws) comes from fresh streams each iteration.
 */
class SearchPlayer implements Bot {
  private readonly seen: GameEvent[] = [];
  /**
   * A built-in bot playing this seat for real, beside the search (by default per game the rollout
   * bot or a stronger one): its choice is tried first at the root and stands unless the search
   * finds a clearly better one (`decision`), so a search too short to tell the actions apart plays
   * as its advisor rather than at random (a Clue turn offers hundreds of accusations to a few
   * dozen iterations).
   */
  private readonly advisor: Bot;
  private readonly setup: { variant: string; config: unknown; seats: readonly { name: string }[] };
  private readonly scale: number;
  private readonly rewards: Float64Array;
  private readonly rollout: BotFactory;
  private readonly names: readonly string[];
  /** What each iteration's rollout bots are told of the game. */
  private readonly rolloutContext: BotContext;

  constructor(
    private readonly game: GameDefinition,
    private readonly sample: StateSampler,
    private readonly ctx: BotContext,
    private readonly params: z.output<ReturnType<typeof searchParams>>,
    bots: readonly BotFactory[],
  ) {
    this.names = ctx.names ?? generatedSeatNames(ctx.seats);
    this.setup = { variant: ctx.variant, config: ctx.config, seats: this.names.map((name) => ({ name })) };
    this.scale = game.scoreScale?.(ctx.config) ?? 1;
    this.rewards = new Float64Array(ctx.seats);
    const builtin = (name: string): BotFactory => bots.find((b) => b.name === name)!;
    this.rollout = builtin(params.rollout);
    this.rolloutContext = { ...ctx, names: this.names };
    this.advisor = builtin(params.advisor).create(this.rolloutContext);
  }

  observe(event: GameEvent): void {
    this.seen.push(event);
    this.advisor.observe?.(event);
  }

  act(view: unknown, legal: readonly Action[]): Action {
    if (legal.length === 1) return legal[0]!;
    const { rng, seats } = this.ctx;
    const root = new TreeNode(seats, null);
    const advised = actionKey(this.advisor.act(view, legal));
    const deadline = this.params.ms === undefined ? Infinity : performance.now() + this.params.ms;
    const iterations = this.params.ms === undefined ? this.params.iterations : Infinity;
    for (let i = 0; i < iterations && (i === 0 || performance.now() < deadline); i++) this.iterate(root, view, rng, advised);
    return pick(legal, decision(root, this.ctx.seat, legal, advised, this.params.margin) ?? rng.int(legal.length));
  }

  private iterate(root: TreeNode, view: unknown, rng: Rng, advised: string): void {
    const { game, ctx } = this;
    const state = this.sample(this.setup, ctx.seat, view, this.seen, rng);
    const streams = streamsFrom(rng);
    // The rollout bots see the determinization from its start: in the tree they name the action a
    // node tries first, below it they play the game out.
    const playout = new Playout(game, this.rollout, this.rolloutContext, rng);
    const path: TreeNode[] = [root];
    let node = root;
    let seat: Seat | null;
    while ((seat = game.toAct(state)) !== null) {
      const legal = game.legalActions(state, seat);
      const chooser = seat;
      const first = node === root ? advised : () => actionKey(playout.choice(state, chooser, legal));
      const step = selectChild(node, seat, legal, this.params.exploration, ctx.seats, rng, first);
      playout.deliver(game.apply(state, seat, legal[step.index]!, streams));
      node = step.child;
      path.push(node);
      if (step.fresh) break;
    }
    const outcome = seat === null ? game.outcome(state)! : playout.toEnd(state, streams);
    rewardsOf(outcome, this.scale, this.rewards);
    for (const passed of path) {
      passed.visits++;
      for (let s = 0; s < ctx.seats; s++) passed.rewards[s]! += this.rewards[s]!;
    }
    const mine = this.rewards[ctx.seat]!;
    if (path.length > 1) path[1]!.squares += mine * mine;
  }
}

/**
 * `ismcts` for one game: the search player written against the contract alone, its rollout bot and
 * advisor among `bots` (the game's other built-in players) by `defaults`; null for a game it cannot
 * draw a state for (hidden information and no `sampleState`: `stateSampler`).
 */
export function ismctsBot(game: GameDefinition, bots: readonly BotFactory[], defaults: SearchDefaults): BotFactory | null {
  const sample = stateSampler(game);
  if (sample === null) return null;
  for (const role of ['rollout', 'advisor'] as const) {
    if (!bots.some((b) => b.name === defaults[role])) throw new Error(`${game.id}'s search ${role} "${defaults[role]}" is not one of its bots: ${bots.map((b) => b.name).join(', ')}`);
  }
  const params = searchParams(bots, defaults);
  return {
    name: 'ismcts',
    description: 'information-set Monte Carlo tree search through the game contract, rollouts by a built-in bot',
    params,
    create: (ctx) => new SearchPlayer(game, sample, ctx, paramsOf(params, ctx), bots),
  };
}
