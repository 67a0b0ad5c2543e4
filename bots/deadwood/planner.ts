import type { BotFactory } from '../../src/core/bot.js';
import type { GameEvent } from '../../src/core/events.js';
import type { DeadwoodAction, TakeAction } from '../../src/games/deadwood/actions.js';
import { BOARD, MAX_RANK, SCENES, upgradePrice, type SceneCard } from '../../src/games/deadwood/data.js';
import type { DeadwoodView, SetView } from '../../src/games/deadwood/view.js';
import { distance, expectedBonus, successChance } from './odds.js';
import { me, roleOf, starPresent } from './reading.js';

/** The knobs of the value model, in points (a dollar, a credit, a fifth of a rank). */
export interface PlannerTuning {
  /** Points per turn a player off a role can expect, once travel is counted. */
  readonly freeRate: number;
  /** Points a rank is worth per day still to come after this one, through the better roles it opens. */
  readonly rankPerDay: number;
  /** The chance someone stars on a card that has no star yet by the time it wraps. */
  readonly starLater: number;
  /** The fewest ranks an upgrade must buy to be worth a walk to the Casting Office (0: never walk there for it). */
  readonly tripRanks: number;
  /** The shots per turn a player off a role is expected to add to the day. */
  readonly freeShots: number;
}

/** Tuned against greedy in two-player games (see the game's README for the sweep). */
export const DEFAULT_TUNING: PlannerTuning = { freeRate: 1.2, rankPerDay: 10, starLater: 0.3, freeShots: 0.35, tripRanks: 4 };

/** What working a role is worth: its value at the start of the next turn, and whether to rehearse there. */
interface Worth {
  value: number;
  rehearse: boolean;
}

/**
 * The expected points of working a role from (shots left, chips) until the wrap and beyond, under
 * the best act-or-rehearse policy: each turn the player acts (a success pays `success` and takes a
 * shot, a failure pays `failure`) or rehearses while below the cap (R21), the others on the set take
 * a shot with chance `others`, a wrap pays `bonus` and frees the player (worth `free`), and the day
 * goes on to the next turn with chance `stay`.
 */
export function work(budget: number, shots: number, chips: number, success: number, failure: number, bonus: number, others: number, stay: number, free: number, table: number[]): Worth {
  const cap = budget - 1;
  const width = cap + 1;
  const done = bonus + free;
  let rehearseHere = false;
  let valueHere = 0;
  for (let t = 1; t <= shots; t++) {
    const row = (t - 1) * width;
    const below = row - width;
    for (let c = cap; c >= 0; c--) {
      const p = successChance(budget, c);
      // nextBelow: my next turn with t - 1 shots left; afterSuccess: my success, then the others' turns.
      const nextBelow = t === 1 ? done : stay * table[below + c]!;
      const afterSuccess = t === 1 ? done : others * (t === 2 ? done : stay * table[below - width + c]!) + (1 - others) * nextBelow;
      const act = (p * (success + afterSuccess) + (1 - p) * (failure + others * nextBelow)) / (1 - (1 - p) * (1 - others) * stay);
      const rehearse = c < cap ? others * (t === 1 ? done : stay * table[below + c + 1]!) + (1 - others) * stay * table[row + c + 1]! : -Infinity;
      const best = act > rehearse ? act : rehearse;
      table[row + c] = best;
      if (t === shots && c === chips) {
        rehearseHere = rehearse > act;
        valueHere = best;
      }
    }
  }
  return { value: valueHere, rehearse: rehearseHere };
}

/** Ranks are indexed as they are (1-6). */
const RANKS = MAX_RANK + 1;
const SET_INDEX = new Map(BOARD.sets.map((room, i) => [room.id, i]));
const SCENE_INDEX = new Map(SCENES.map((card, i) => [card.id, i]));

/** A (set, rank) pair as an index. */
function setKey(room: string, rank: number): number {
  return SET_INDEX.get(room)! * RANKS + rank;
}

/**
 * A face-down set's best role for a rank on each scene card (0 for none), by the set and rank's
 * setKey and `stay` in hundredths (the planner rounds it so).
 * No one works a set before its card turns face up, so the value depends on nothing else and one
 * table serves every planner of a tuning: the search plays hundreds of short-lived planners a
 * decision, and filling it is most of a fresh planner's cost.
 */
type FaceDownWorths = Map<number, Float64Array>;

class Planner {
  /** seen[i]: scene card SCENES[i] has been face up; seenCount of them. */
  private readonly seen = new Uint8Array(SCENES.length);
  private seenCount = 0;
  private readonly table: number[] = new Array<number>(3 * 6).fill(0);
  private view!: DeadwoodView;
  private stay = 0.9;
  private free = 0;
  /** setValue's answers for the current decision, by setKey (NaN: not yet asked). */
  private readonly setWorth = new Float64Array(BOARD.sets.length * RANKS).fill(NaN);
  /** The face-down averages over the cards unseen, by the faceDown table's key, while no more cards are seen. */
  private readonly faceDownAverage = new Map<number, number>();
  private averagedWithSeen = 0;

  constructor(
    private readonly tuning: PlannerTuning,
    private readonly faceDown: FaceDownWorths,
  ) {}

  observe(event: GameEvent): void {
    if (event.type === 'revealed') this.see(event['scene'] as number);
  }

  private see(scene: number): void {
    const i = SCENE_INDEX.get(scene)!;
    if (this.seen[i] === 1) return;
    this.seen[i] = 1;
    this.seenCount++;
  }

  /** Rounds left in the day: the shots still needed (all but the scene likely left over) over the shots per round. */
  private estimateDay(): void {
    let total = 0;
    let most = 0;
    for (const s of this.view.sets) {
      if (s.wrapped) continue;
      total += s.shotsLeft;
      most = Math.max(most, s.shotsLeft);
    }
    let rate = 0;
    for (const p of this.view.players) {
      if (p.departed) continue;
      if (p.role === null) rate += this.tuning.freeShots;
      else rate += successChance(this.cardAt(p.room)!.budget, p.chips);
    }
    const rounds = Math.max(1, (total - most) / Math.max(rate, 0.1));
    // Rounded so that the face-down averages, the costly part, can be reused across decisions.
    this.stay = Math.round((100 * rounds) / (rounds + 1)) / 100;
    this.free = (this.tuning.freeRate * this.stay) / (1 - this.stay);
  }

  private cardAt(room: string): SceneCard | null {
    return this.view.sets.find((s) => s.room === room)?.scene ?? null;
  }

  /** The shots per turn the other workers on a set add. */
  private othersShots(set: SetView, budget: number): number {
    let q = 0;
    for (const p of this.view.players) {
      if (p.role !== null && p.room === set.room && this.view.players.indexOf(p) !== this.view.seat) q += successChance(budget, p.chips);
    }
    return Math.min(q, 0.95);
  }

  private roleWorth(card: SceneCard, set: SetView, on: 'card' | 'set', rank: number, fromTop: number, chips: number, hasStar: boolean): Worth {
    const others = set.scene === null ? 0 : this.othersShots(set, card.budget);
    const bonus = on === 'card' ? expectedBonus(card.budget, card.roles.length, fromTop) : rank * (hasStar ? 1 : this.tuning.starLater);
    const success = 2;
    const failure = on === 'card' ? 0 : 1;
    return work(card.budget, Math.max(1, set.shotsLeft), chips, success, failure, bonus, others, this.stay, this.free, this.table);
  }

  /** The best role a player of `rank` could take on `card` at `set` (free roles only), worth at the start of work. */
  private bestRole(card: SceneCard, set: SetView, rank: number, known: boolean): number {
    let best = -Infinity;
    const hasStar = known && starPresent(set);
    card.roles.forEach((r, i) => {
      if (r.rank <= rank && (!known || set.starring[i] === null)) best = Math.max(best, this.roleWorth(card, set, 'card', r.rank, card.roles.length - 1 - i, 0, hasStar).value);
    });
    BOARD.byId.get(set.room)!.extras.forEach((r, i) => {
      if (r.rank <= rank && set.extras[i] === null) best = Math.max(best, this.roleWorth(card, set, 'set', r.rank, -1, 0, hasStar).value);
    });
    return best;
  }

  /** A set's best role for `rank`; a face-down set averages its best role over the cards not yet seen. */
  private setValue(set: SetView, rank: number): number {
    const key = setKey(set.room, rank);
    const cached = this.setWorth[key]!;
    if (!Number.isNaN(cached)) return cached;
    let value: number;
    if (set.wrapped) value = -Infinity;
    else if (set.scene !== null) value = this.bestRole(set.scene, set, rank, true);
    else value = this.faceDownValue(set, rank);
    this.setWorth[key] = value;
    return value;
  }

  private faceDownValue(set: SetView, rank: number): number {
    const key = setKey(set.room, rank) * 128 + Math.round(this.stay * 100);
    if (this.averagedWithSeen !== this.seenCount) {
      this.faceDownAverage.clear();
      this.averagedWithSeen = this.seenCount;
    }
    const known = this.faceDownAverage.get(key);
    if (known !== undefined) return known;
    let worths = this.faceDown.get(key);
    if (worths === undefined) {
      worths = new Float64Array(SCENES.length);
      for (let i = 0; i < SCENES.length; i++) {
        const v = this.bestRole(SCENES[i]!, set, rank, false);
        worths[i] = v === -Infinity ? 0 : v;
      }
      this.faceDown.set(key, worths);
    }
    let sum = 0;
    let count = 0;
    for (let i = 0; i < SCENES.length; i++) {
      if (this.seen[i] === 1) continue;
      sum += worths[i]!;
      count++;
    }
    const average = count === 0 ? 0 : sum / count;
    this.faceDownAverage.set(key, average);
    return average;
  }

  /**
   * Free at the start of a turn in `room`: the best set in reach, a move and a take per turn (take
   * on arrival, work the turn after), or, while `office` holds, a walk to the Casting Office to
   * upgrade on arrival.
   */
  private startValue(room: string, rank: number, office: boolean): number {
    let best = this.free;
    for (const set of this.view.sets) {
      if (set.wrapped) continue;
      const d = Math.max(1, distance(room, set.room));
      best = Math.max(best, this.stay ** d * this.setValue(set, rank));
    }
    if (office && this.worthATrip(rank)) {
      const d = distance(room, BOARD.office.id);
      best = Math.max(best, this.stay ** Math.max(0, d - 1) * this.bestUpgrade(rank, (r) => this.stay * this.startValue(BOARD.office.id, r, false)));
    }
    return best;
  }

  /** A walk to the Casting Office pays only for a big step: two ranks or more, with a day still to come. */
  private worthATrip(rank: number): boolean {
    const player = me(this.view);
    const step = this.tuning.tripRanks;
    if (step === 0 || this.view.day >= this.view.days || rank + step > 6) return false;
    const price = upgradePrice(rank + step)!;
    return player.dollars >= price.dollars || player.credits >= price.credits;
  }

  /** Points an upgrade is worth beyond the roles it opens today: 5 a rank at the end, less the price, plus the days to come. */
  private rankGain(from: number, to: number, price: number): number {
    return 5 * (to - from) - price + this.tuning.rankPerDay * (this.view.days - this.view.day) * (to - from);
  }

  /** The best upgrade the player can pay for now from `rank`, followed by `after` at the new rank; -Infinity when none. */
  private bestUpgrade(rank: number, after: (rank: number) => number): number {
    const player = me(this.view);
    let best = -Infinity;
    for (let r = rank + 1; r <= 6; r++) {
      const price = upgradePrice(r)!;
      const cheapest = player.dollars >= price.dollars ? (player.credits >= price.credits ? Math.min(price.dollars, price.credits) : price.dollars) : player.credits >= price.credits ? price.credits : -1;
      if (cheapest < 0) continue;
      best = Math.max(best, this.rankGain(rank, r, cheapest) + after(r));
    }
    return best;
  }

  /** The best rest of this turn from (room, rank) after the choices already made. */
  private restOfTurn(room: string, rank: number, moved: boolean, upgraded: boolean): number {
    let best = this.stay * this.startValue(room, rank, !upgraded);
    const set = this.view.sets.find((s) => s.room === room);
    if (set !== undefined && !set.wrapped && set.scene !== null) best = Math.max(best, this.stay * this.bestRole(set.scene, set, rank, true));
    if (!moved) for (const n of BOARD.byId.get(room)!.neighbours) best = Math.max(best, this.restOfTurnAfterMove(n, rank, upgraded));
    if (room === BOARD.office.id && !upgraded) best = Math.max(best, this.bestUpgrade(rank, (r) => this.restOfTurn(room, r, moved, true)));
    return best;
  }

  /** Entering a face-down set reveals it only then: value it as the average over unseen cards. */
  private restOfTurnAfterMove(room: string, rank: number, upgraded: boolean): number {
    const set = this.view.sets.find((s) => s.room === room);
    let best = this.stay * this.startValue(room, rank, !upgraded);
    if (set !== undefined && !set.wrapped) best = Math.max(best, this.stay * this.setValue(set, rank));
    if (room === BOARD.office.id && !upgraded) best = Math.max(best, this.bestUpgrade(rank, (r) => this.restOfTurn(room, r, true, true)));
    return best;
  }

  private valueOf(a: DeadwoodAction): number {
    const player = me(this.view);
    switch (a.type) {
      case 'take': {
        const set = this.view.sets.find((s) => s.room === player.room)!;
        const { role, fromTop } = roleOf(set.scene!, player.room, a as TakeAction);
        return this.stay * this.roleWorth(set.scene!, set, a.on, role.rank, fromTop, 0, starPresent(set)).value;
      }
      case 'move':
        return this.restOfTurnAfterMove(a.to, player.rank, this.view.upgraded);
      case 'upgrade':
        return this.rankGain(player.rank, a.rank, a.pay === 'dollars' ? upgradePrice(a.rank)!.dollars : upgradePrice(a.rank)!.credits) + this.restOfTurn(player.room, a.rank, this.view.moved, true);
      case 'end':
        return this.stay * this.startValue(player.room, player.rank, !this.view.upgraded);
      default:
        return -Infinity;
    }
  }

  act(view: DeadwoodView, legal: readonly DeadwoodAction[]): DeadwoodAction {
    this.view = view;
    this.setWorth.fill(NaN);
    for (const s of view.sets) if (s.scene !== null) this.see(s.scene.id);
    this.estimateDay();
    const player = me(view);
    if (player.role !== null) {
      const set = view.sets.find((s) => s.room === player.room)!;
      const card = set.scene!;
      const fromTop = player.role.on === 'card' ? card.roles.length - 1 - player.role.index : -1;
      const worth = this.roleWorth(card, set, player.role.on, player.role.rank, fromTop, player.chips, starPresent(set));
      const rehearse = legal.find((a) => a.type === 'rehearse');
      return worth.rehearse && rehearse !== undefined ? rehearse : legal.find((a) => a.type === 'act')!;
    }
    let best = legal[0]!;
    let bestValue = -Infinity;
    for (const a of legal) {
      const v = this.valueOf(a);
      if (v > bestValue) {
        bestValue = v;
        best = a;
      }
    }
    return best;
  }
}

export function plannerWith(tuning: PlannerTuning): BotFactory<DeadwoodView, DeadwoodAction> {
  const faceDown: FaceDownWorths = new Map();
  return {
    name: 'planner',
    description: 'values every option by the expected points of the rest of the day: success and wrap-bonus odds, rehearsal policy, travel, upgrades',
    create: () => {
      const planner = new Planner(tuning, faceDown);
      return { act: (view, legal) => planner.act(view, legal), observe: (event) => planner.observe(event) };
    },
  };
}

export const plannerBot = plannerWith(DEFAULT_TUNING);
