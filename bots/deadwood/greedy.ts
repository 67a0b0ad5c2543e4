import type { BotFactory } from '../../src/core/bot.js';
import type { DeadwoodAction, MoveAction, TakeAction, UpgradeAction } from '../../src/games/deadwood/actions.js';
import { BOARD, MAX_RANK, upgradePrice } from '../../src/games/deadwood/data.js';
import type { DeadwoodView } from '../../src/games/deadwood/view.js';
import { distance, expectedBonus, successChance } from './odds.js';
import { me, roleOf, setAt, starPresent } from './reading.js';

/** What a role pays per turn at first sight: the act's expected pay plus the wrap bonus spread over the shots left. */
function rolePay(view: DeadwoodView, room: string, action: TakeAction): number {
  const set = setAt(view, room)!;
  const card = set.scene!;
  const { role, fromTop } = roleOf(card, room, action);
  const p = successChance(card.budget, 0);
  const turnsToWrap = 2 * set.shotsLeft;
  if (action.on === 'card') return 2 * p + expectedBonus(card.budget, card.roles.length, fromTop) / turnsToWrap;
  return 1 + p + (starPresent(set) ? role.rank / turnsToWrap : 0);
}

/** A face-down set is worth about an average role: a rank-1 extra acting on a budget-4 scene. */
const UNSEEN_PAY = 1.5;

function bestUpgrade(view: DeadwoodView, legal: readonly DeadwoodAction[]): UpgradeAction | undefined {
  let best: UpgradeAction | undefined;
  for (const a of legal) {
    if (a.type !== 'upgrade') continue;
    const cost = a.pay === 'dollars' ? upgradePrice(a.rank)!.dollars : upgradePrice(a.rank)!.credits;
    const bestCost = best === undefined ? Infinity : best.pay === 'dollars' ? upgradePrice(best.rank)!.dollars : upgradePrice(best.rank)!.credits;
    if (best === undefined || a.rank > best.rank || (a.rank === best.rank && cost < bestCost)) best = a;
  }
  return view.day < view.days ? best : undefined;
}

/** Worth a trip to the Casting Office: two ranks or more affordable, with a day still to come after this one. */
function wantsOffice(view: DeadwoodView): boolean {
  const player = me(view);
  if (view.day >= view.days || player.rank >= MAX_RANK - 1) return false;
  const target = upgradePrice(player.rank + 2)!;
  return player.dollars >= target.dollars || player.credits >= target.credits;
}

/**
 * The sensible heuristic: works the best-paying role it can take here, rehearses while the chance
 * of success is below one half, walks to the neighbour with the best role in sight, and upgrades as
 * far as it can afford when passing the Casting Office before the last day.
 */
function decide(view: DeadwoodView, legal: readonly DeadwoodAction[]): DeadwoodAction {
  const player = me(view);
  if (player.role !== null) {
    const card = setAt(view, player.room)!.scene!;
    const rehearse = legal.find((a) => a.type === 'rehearse');
    return rehearse !== undefined && successChance(card.budget, player.chips) < 0.5 ? rehearse : legal.find((a) => a.type === 'act')!;
  }
  const upgrade = bestUpgrade(view, legal);
  if (upgrade !== undefined) return upgrade;

  let bestTake: TakeAction | undefined;
  let bestPay = 0;
  for (const a of legal) {
    if (a.type !== 'take') continue;
    const pay = rolePay(view, player.room, a);
    if (pay > bestPay) {
      bestPay = pay;
      bestTake = a;
    }
  }
  if (bestTake !== undefined) return bestTake;

  const moves = legal.filter((a): a is MoveAction => a.type === 'move');
  if (moves.length > 0) {
    if (wantsOffice(view)) return moves.reduce((a, b) => (distance(b.to, BOARD.office.id) < distance(a.to, BOARD.office.id) ? b : a));
    let bestMove: MoveAction | undefined;
    let bestScore = -Infinity;
    for (const m of moves) {
      const score = roomPromise(view, m.to, player.rank);
      if (score > bestScore) {
        bestScore = score;
        bestMove = m;
      }
    }
    return bestMove!;
  }
  return legal.find((a) => a.type === 'end')!;
}

/** How good a room looks to walk into: its best free role, or the nearest set still shooting, a step further. */
function roomPromise(view: DeadwoodView, room: string, rank: number): number {
  const set = setAt(view, room);
  if (set !== undefined && !set.wrapped) {
    if (set.scene === null) return UNSEEN_PAY;
    let best = 0;
    const card = set.scene;
    card.roles.forEach((r, i) => {
      if (set.starring[i] === null && r.rank <= rank) best = Math.max(best, rolePay(view, room, { type: 'take', role: r.name, on: 'card' }));
    });
    BOARD.byId.get(room)!.extras.forEach((r, i) => {
      if (set.extras[i] === null && r.rank <= rank) best = Math.max(best, rolePay(view, room, { type: 'take', role: r.name, on: 'set' }));
    });
    if (best > 0) return best;
  }
  let nearest = Infinity;
  for (const s of view.sets) if (!s.wrapped && s.room !== room) nearest = Math.min(nearest, distance(room, s.room));
  return -nearest;
}

export const greedyBot: BotFactory<DeadwoodView, DeadwoodAction> = {
  name: 'greedy',
  description: 'takes the best-paying role in reach, rehearses while success is below 1/2, upgrades on the way before the last day',
  create: () => ({ act: decide }),
};
