import { RuleError } from '../../core/errors.js';
import type { Seat } from '../../core/seat.js';
import { UPGRADE, type Payment, type UpgradeAction, type DeadwoodAction } from './actions.js';
import { BOARD, MAX_RANK, roomName, upgradePrice, UPGRADES } from './data.js';
import type { DeadwoodEvent } from './events.js';
import type { DeadwoodState, PlayerState } from './state.js';
import { counted } from '../../core/counted.js';

function affordable(player: PlayerState, rank: number, pay: Payment): boolean {
  const price = upgradePrice(rank)!;
  return pay === 'dollars' ? player.dollars >= price.dollars : player.credits >= price.credits;
}

/** Whether the Casting Office would offer this player anything right now (3.1 step 3). */
export function canUpgrade(state: DeadwoodState, seat: Seat): boolean {
  const player = state.players[seat]!;
  if (state.turn.upgraded || player.room !== BOARD.office.id || player.rank >= MAX_RANK) return false;
  return affordable(player, player.rank + 1, 'dollars') || affordable(player, player.rank + 1, 'credits');
}

/** The upgrades the Casting Office offers: every higher rank, each way the player can pay for it. */
export function legalUpgrades(state: DeadwoodState, seat: Seat, into: DeadwoodAction[]): void {
  if (!canUpgrade(state, seat)) return;
  const player = state.players[seat]!;
  for (let rank = player.rank + 1; rank <= MAX_RANK; rank++) {
    if (affordable(player, rank, 'dollars')) into.push(UPGRADE[rank]!.dollars);
    if (affordable(player, rank, 'credits')) into.push(UPGRADE[rank]!.credits);
  }
}

function offers(state: DeadwoodState, seat: Seat): string {
  const options: UpgradeAction[] = [];
  legalUpgrades(state, seat, options);
  return options.map((o) => `rank ${o.rank} for ${o.pay === 'dollars' ? `$${upgradePrice(o.rank)!.dollars}` : counted(upgradePrice(o.rank)!.credits, 'credit')}`).join(', ');
}

/** Refuses an upgrade the rules do not allow (3.1 alternate flows 3.A and 4.A), changing nothing. */
export function checkUpgrade(state: DeadwoodState, seat: Seat, action: UpgradeAction): void {
  const player = state.players[seat]!;
  if (player.room !== BOARD.office.id) throw new RuleError(`You can upgrade only in the Casting Office; you are in ${roomName(player.room)}.`, { action });
  if (state.turn.upgraded) throw new RuleError('You have already upgraded this turn.', { action });
  if (player.rank >= MAX_RANK) throw new RuleError(`You are rank ${MAX_RANK}, the highest: there is no upgrade for you.`, { action });
  if (!canUpgrade(state, seat)) {
    const next = upgradePrice(player.rank + 1)!;
    throw new RuleError(
      `No upgrade is possible: rank ${next.rank} costs $${next.dollars} or ${counted(next.credits, 'credit')}, and you have $${player.dollars} and ${counted(player.credits, 'credit')}.`,
      { action },
    );
  }
  const price = upgradePrice(action.rank);
  if (price === undefined) {
    throw new RuleError(`There is no rank ${action.rank} at the Casting Office: ranks go from ${UPGRADES[0]!.rank} to ${MAX_RANK}.`, { action, allowed: offers(state, seat) });
  }
  if (action.rank <= player.rank) throw new RuleError(`You are already rank ${player.rank}: choose a higher rank.`, { action, allowed: offers(state, seat) });
  if (action.pay !== 'dollars' && action.pay !== 'credits') {
    throw new RuleError(`Pay with "dollars" or "credits", not ${JSON.stringify(action.pay)}.`, { action, allowed: offers(state, seat) });
  }
  if (!affordable(player, action.rank, action.pay)) {
    const cost = action.pay === 'dollars' ? `$${price.dollars}` : counted(price.credits, 'credit');
    const have = action.pay === 'dollars' ? `$${player.dollars}` : counted(player.credits, 'credit');
    throw new RuleError(`Rank ${action.rank} costs ${cost} and you have ${have}: you can afford ${offers(state, seat)}.`, { action, allowed: offers(state, seat) });
  }
}

/** Buys the rank: the price of the target rank, paid wholly in one currency (R9, §2). */
export function upgrade(state: DeadwoodState, seat: Seat, action: UpgradeAction, events: DeadwoodEvent[]): void {
  const player = state.players[seat]!;
  const price = upgradePrice(action.rank)!;
  const paid = action.pay === 'dollars' ? price.dollars : price.credits;
  if (action.pay === 'dollars') player.dollars -= paid;
  else player.credits -= paid;
  events.push({ type: 'upgraded', seat, from: player.rank, rank: action.rank, pay: action.pay, price: paid });
  player.rank = action.rank;
  state.turn.upgraded = true;
}
