import { counted } from '../../core/counted.js';
import type { GameEvent } from '../../core/events.js';
import type { Seat } from '../../core/seat.js';
import type { DeadwoodAction } from './actions.js';
import { roomName, upgradePrice } from './data.js';
import type { DeadwoodEvent } from './events.js';

function list(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function money(dollars: number, credits: number): string {
  const parts = [];
  if (dollars > 0) parts.push(`$${dollars}`);
  if (credits > 0) parts.push(counted(credits, 'credit'));
  return parts.length === 0 ? 'nothing' : parts.join(' and ');
}

/** One notebook line per event, in the first person for the viewer's own seat. */
export function describe(event: GameEvent, viewer: Seat | null, names: readonly string[]): string {
  const e = event as DeadwoodEvent;
  const who = (seat: Seat): string => (seat === viewer ? 'I' : (names[seat] ?? `seat ${seat}`));
  const whose = (seat: Seat): string => (seat === viewer ? 'My' : `${names[seat] ?? `seat ${seat}`}'s`);
  switch (e.type) {
    case 'upgraded':
      return `${who(e.seat)} upgraded from rank ${e.from} to rank ${e.rank}, paying ${e.pay === 'dollars' ? `$${e.price}` : counted(e.price, 'credit')}.`;
    case 'moved':
      return `${who(e.seat)} moved from ${roomName(e.from)} to ${roomName(e.room)}.`;
    case 'revealed':
      return `The scene at ${roomName(e.set)} is revealed: ${e.title} (budget $${e.budget}M), roles ${list(e.roles.map((r) => `${r.name} (${r.rank})`))}.`;
    case 'roleTaken':
      return `${who(e.seat)} took the role ${e.role} (rank ${e.rank}, ${e.on === 'card' ? 'starring' : 'extra'}) at ${roomName(e.set)}.`;
    case 'rehearsed':
      return `${who(e.seat)} rehearsed at ${roomName(e.set)}: ${counted(e.chips, 'rehearsal chip')}.`;
    case 'acted': {
      const roll = `rolled ${e.die}${e.chips > 0 ? ` + ${e.chips}` : ''} against a budget of ${e.budget}`;
      const result = e.success ? `success, earning ${money(e.dollars, e.credits)}; ${counted(e.shotsLeft, 'shot')} left` : `failure, earning ${money(e.dollars, e.credits)}`;
      return `${who(e.seat)} acted as ${e.role} at ${roomName(e.set)}: ${roll}: ${result}.`;
    }
    case 'wrapped': {
      const left = `${e.scenesLeft} scene${e.scenesLeft === 1 ? '' : 's'} left`;
      if (e.dice.length === 0) return `The scene at ${roomName(e.set)} wrapped with no one on the card: no bonus. ${left}.`;
      const paid = e.payouts.map((p) => `${who(p.seat)} earned $${p.dollars} as ${p.role}`);
      return `The scene at ${roomName(e.set)} wrapped. Bonus dice ${e.dice.join(', ')}: ${list(paid)}. ${left}.`;
    }
    case 'turnEnded':
      return `${whose(e.seat)} turn ended.`;
    case 'dayEnded':
      return `Day ${e.day} ended${e.set === null ? '' : `; the scene at ${roomName(e.set)} is discarded`}.`;
    case 'dayStarted':
      return `Day ${e.day} begins: everyone is back in the Trailers; ${who(e.first)} ${e.first === viewer ? 'play' : 'plays'} first.`;
    case 'capped':
      return `Day ${e.day} reached the turn cap of ${e.turns} turns: the game ends as a draw.`;
    case 'forfeited':
      return `${who(e.seat)} left the game.`;
    case 'gameEnded': {
      const scores = e.scores.map((s, seat) => `${names[seat] ?? `seat ${seat}`} ${s}`).join(', ');
      const result = e.winners.length === 0 ? 'No one wins.' : e.winners.length === 1 ? `${names[e.winners[0]!]} wins.` : `${list(e.winners.map((w) => names[w]!))} share the win.`;
      return `The game is over. Scores: ${scores}. ${result}`;
    }
    default:
      return JSON.stringify(event);
  }
}

export function describeAction(action: DeadwoodAction): string {
  switch (action.type) {
    case 'upgrade': {
      const price = upgradePrice(action.rank);
      const cost = price === undefined ? action.pay : action.pay === 'dollars' ? `$${price.dollars}` : counted(price.credits, 'credit');
      return `upgrade to rank ${action.rank}, paying ${cost}`;
    }
    case 'move':
      return `move to ${roomName(action.to)}`;
    case 'take':
      return `take the role ${action.role} (${action.on === 'card' ? 'starring' : 'extra'})`;
    case 'act':
      return 'act';
    case 'rehearse':
      return 'rehearse';
    case 'end':
      return 'end the turn';
  }
}
