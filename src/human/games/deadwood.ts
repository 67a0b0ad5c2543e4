import { counted } from '../../core/counted.js';
import { InputError } from '../../core/errors.js';
import type { Seat } from '../../core/seat.js';
import type { DeadwoodAction, Payment, TakeAction } from '../../games/deadwood/actions.js';
import { BOARD, roomName, UPGRADES } from '../../games/deadwood/data.js';
import type { DeadwoodState } from '../../games/deadwood/state.js';
import type { DeadwoodView, SetView } from '../../games/deadwood/view.js';
import { deadwoodGame } from '../../games/deadwood/game.js';
import { publicLines, type GameScreen, type SeatContext, type TableEnd } from '../game-screen.js';
import type { MenuEntry } from '../menu.js';

type Ctx = SeatContext<DeadwoodState, DeadwoodView>;

function squash(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9$]/g, '');
}

/** The one item whose name is `typed` (any case, spacing, punctuation), or else the one it begins. */
function pick<T>(typed: string, items: readonly T[], names: (item: T) => readonly string[]): T | undefined {
  const want = squash(typed);
  if (want === '') return undefined;
  const exact = items.filter((item) => names(item).some((n) => squash(n) === want));
  if (exact.length === 1) return exact[0];
  const begun = items.filter((item) => names(item).some((n) => squash(n).startsWith(want)));
  return begun.length === 1 ? begun[0] : undefined;
}

function money(dollars: number, credits: number): string {
  return `$${dollars}, ${counted(credits, 'credit')}`;
}

/** Every role at the set the seat stands in: starring roles (once the card is face up), then the extras. */
function rolesHere(view: DeadwoodView): { name: string; rank: number; on: 'card' | 'set'; holder: number | null }[] {
  const me = view.players[view.seat]!;
  const set = view.sets.find((s) => s.room === me.room);
  if (set === undefined) return [];
  const starring = (set.scene?.roles ?? []).map((r, i) => ({ name: r.name, rank: r.rank, on: 'card' as const, holder: set.starring[i] ?? null }));
  const extras = BOARD.byId.get(set.room)!.extras.map((r, i) => ({ name: r.name, rank: r.rank, on: 'set' as const, holder: set.extras[i] ?? null }));
  return [...starring, ...extras];
}

function setLines(set: SetView, names: readonly string[]): string[] {
  const shots = BOARD.byId.get(set.room)!.shots;
  if (set.wrapped) return ['  The scene here has wrapped for today.'];
  const lines: string[] = [];
  if (set.scene === null) lines.push(`  The scene card is face down; ${set.shotsLeft} of ${shots} shots left.`);
  else lines.push(`  Scene: "${set.scene.title}" (scene ${set.scene.scene}), budget $${set.scene.budget}M, ${set.shotsLeft} of ${shots} shots left.`);
  const role = (name: string, rank: number, holder: Seat | null | undefined): string => `${name} (rank ${rank}): ${holder === null || holder === undefined ? 'free' : names[holder]}`;
  if (set.scene !== null) lines.push(`  Starring: ${set.scene.roles.map((r, i) => role(r.name, r.rank, set.starring[i])).join(' · ')}`);
  lines.push(`  Extras: ${BOARD.byId.get(set.room)!.extras.map((r, i) => role(r.name, r.rank, set.extras[i])).join(' · ')}`);
  return lines;
}

function setSummary(set: SetView): string {
  const name = roomName(set.room);
  if (set.wrapped) return `${name}: wrapped`;
  const shots = `${set.shotsLeft} shot${set.shotsLeft === 1 ? '' : 's'}`;
  if (set.scene === null) return `${name}: face down, ${shots}`;
  return `${name}: "${set.scene.title}" $${set.scene.budget}M, ${shots} left`;
}

function label(action: DeadwoodAction, ctx: Ctx): string {
  const text = ctx.game.describeAction(action, ctx.state, ctx.seat);
  if (action.type !== 'take') return text;
  const role = rolesHere(ctx.view).find((r) => r.on === action.on && r.name === action.role);
  return role === undefined ? text : `${text}, rank ${role.rank}`;
}

function upgrade(words: readonly string[], legal: readonly DeadwoodAction[]): DeadwoodAction {
  const rank = Number(words[0]);
  if (!Number.isInteger(rank)) throw new InputError('Say the rank and how you pay, e.g. upgrade 3 dollars or upgrade 3 credits.');
  const typed = words.slice(1).join(' ').toLowerCase();
  let pay: Payment | undefined;
  if (/^(\$|dollars?)$/.test(typed)) pay = 'dollars';
  else if (/^(cr|credits?)$/.test(typed)) pay = 'credits';
  else if (typed !== '') return { type: 'upgrade', rank, pay: typed as Payment };
  else {
    const ways = legal.filter((a) => a.type === 'upgrade' && a.rank === rank);
    if (ways.length !== 1) throw new InputError(`Say how you pay for rank ${rank}: upgrade ${rank} dollars or upgrade ${rank} credits.`);
    return ways[0]!;
  }
  return { type: 'upgrade', rank, pay };
}

function take(words: readonly string[], view: DeadwoodView): TakeAction {
  const roles = rolesHere(view);
  const typed = words.join(' ');
  const role = pick(typed, roles, (r) => [r.name]);
  if (role !== undefined) return { type: 'take', role: role.name, on: role.on };
  const room = roomName(view.players[view.seat]!.room);
  if (roles.length === 0) throw new InputError(`There are no roles to take in ${room}.`);
  throw new InputError(`There is no role "${typed}" in ${room}: the roles are ${roles.map((r) => `${r.name} (${r.on === 'card' ? 'starring' : 'extra'})`).join(', ')}.`);
}

/** Spec 004 at the terminal: the room, the role and the scene; upgrades, moves, roles, acting. */
export const deadwoodScreen: GameScreen<DeadwoodState, DeadwoodAction, DeadwoodView> = {
  gameId: deadwoodGame.id,
  rules: [
    'Actors work on film sets for 3 days (4 with 4+ players). On a turn: move to an adjacent room, or take',
    'a role where you are (starring roles on the scene card, extras on the set, up to your rank), and',
    'upgrade at the Casting Office at the start or end of a turn. Once on a role you act or rehearse each turn.',
    'Acting: a die plus your rehearsal chips against the budget. Success takes a shot: starring 2 credits,',
    'extra $1 and 1 credit; failure: extra $1, starring nothing. The last shot wraps the scene: with someone',
    'starring, budget-many dice are paid out by role rank to the starring actors, extras get their rank in $.',
    'A day ends when one scene is left. Score: dollars + credits + 5 x rank; the best score wins.',
  ],
  commands: [
    'move <room>                     move to an adjacent room (move main street)',
    'take <role>                     take a role in this room (take crusty prospector)',
    'upgrade <rank> dollars|credits  upgrade at the Casting Office',
    'act, rehearse                   work your role',
    'end                             end your turn',
  ],

  screen({ view, names, seat }: Ctx): string[] {
    const me = view.players[seat]!;
    const lines = [`Deadwood: ${names[seat]}, day ${view.day} of ${view.days}, turn ${view.turnsToday + 1} of the day`];
    const working = me.role === null ? '' : `; working ${me.role.name} (${me.role.on === 'card' ? 'starring' : 'extra'}, rank ${me.role.rank}), ${me.chips} rehearsal chip${me.chips === 1 ? '' : 's'}`;
    lines.push(`You: rank ${me.rank}, ${money(me.dollars, me.credits)}, in ${roomName(me.room)}${working}.`);
    const set = view.sets.find((s) => s.room === me.room);
    if (set !== undefined) lines.push(...setLines(set, names));
    if (me.room === BOARD.office.id) lines.push(`  Casting Office: ${UPGRADES.map((u) => `rank ${u.rank} $${u.dollars} or ${u.credits} credits`).join(' · ')}`);
    lines.push(`  Adjacent: ${BOARD.byId.get(me.room)!.neighbours.map(roomName).join(', ')}`);
    lines.push(`Sets: ${view.sets.map(setSummary).join(' · ')}`);
    lines.push('Players:');
    view.players.forEach((p, s) => {
      const role = p.role === null ? '' : `, working ${p.role.name}`;
      lines.push(`  ${names[s]}: rank ${p.rank}, ${money(p.dollars, p.credits)}, in ${roomName(p.room)}${role}${p.departed ? ' (left)' : ''}`);
    });
    return lines;
  },

  menu(legal, ctx: Ctx): MenuEntry<DeadwoodAction>[] {
    return legal.map((action) => ({ label: label(action, ctx), action }));
  },

  parse(words, { view }: Ctx, legal): DeadwoodAction | null {
    const [command, ...rest] = words;
    switch (command!.toLowerCase()) {
      case 'move': {
        const typed = rest.join(' ');
        const room = pick(typed, BOARD.rooms, (r) => [r.id, r.name]);
        // An unknown room goes to the engine, whose message lists the rooms in reach.
        return { type: 'move', to: room?.id ?? typed };
      }
      case 'take':
        return take(rest, view);
      case 'upgrade':
        return upgrade(rest, legal);
      case 'act':
        return { type: 'act' };
      case 'rehearse':
        return { type: 'rehearse' };
      case 'end':
        return { type: 'end' };
      default:
        return null;
    }
  },

  finale(end: TableEnd<DeadwoodState>): string[] {
    return publicLines(end, ['capped', 'gameEnded']);
  },
};
