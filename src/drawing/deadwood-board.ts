import { el } from './dom.js';
import type { DeadwoodPicture, DeadwoodScene, DeadwoodSetup } from './pictures.js';

/** The default layout of the board's four quarters, as rows of room ids (the rules' default). */
const LAYOUT: readonly (readonly string[])[] = [
  ['train-station', 'jail', 'main-street'],
  ['general-store', 'saloon', 'trailers'],
  ['ranch', 'bank', 'hotel'],
  ['office', 'secret-hideout', 'church'],
];

type Player = DeadwoodPicture['players'][number];

function token(player: Player, seat: number, current: number): HTMLElement {
  const classes = ['dw-player', seat === current ? 'current' : '', player.departed ? 'departed' : ''].filter(Boolean).join(' ');
  return el('span', { class: classes, title: `${player.name}, rank ${player.rank}`, 'data-seat': seat }, `${player.name} ${player.rank}`);
}

function roleLine(name: string, rank: number, taker: number | null, picture: DeadwoodPicture): HTMLElement {
  const player = taker === null ? null : picture.players[taker]!;
  return el('li', { class: taker === null ? 'role' : 'role taken' }, `${name} (${rank})`, player === null ? null : el('span', { class: 'who' }, ` ${player.name}${player.chips > 0 ? `, ${player.chips} chip${player.chips === 1 ? '' : 's'}` : ''}`));
}

function sceneCard(scene: DeadwoodScene, faceUp: boolean, set: DeadwoodPicture['sets'][number], picture: DeadwoodPicture): HTMLElement {
  return el(
    'div',
    { class: faceUp ? 'scene up' : 'scene down' },
    el('div', { class: 'scene-title' }, faceUp ? '' : 'face down: ', `${scene.title} (scene ${scene.scene}, budget $${scene.budget}M)`),
    el('ul', { class: 'roles' }, ...scene.roles.map((role, i) => roleLine(role.name, role.rank, faceUp ? (set.starring[i] ?? null) : null, picture))),
  );
}

/**
 * The Deadwood board: each set with its shot counters, its scene card face up (roles and who works
 * them) or face down (shown to the all-seeing narrator only, dimmed), its extras and who works
 * them; the Trailers and the Casting Office; every player in their room with their rank. The
 * players' money, credits and rehearsal chips are in `deadwoodPlayers`.
 */
export function deadwoodBoard(setup: DeadwoodSetup, picture: DeadwoodPicture): HTMLElement {
  const rooms = new Map(setup.rooms.map((room) => [room.id, room]));
  const sets = new Map(picture.sets.map((set) => [set.room, set]));
  const board = el('div', { class: 'dw-board', role: 'group', 'aria-label': 'The board' });
  LAYOUT.forEach((row, r) =>
    row.forEach((id, c) => {
      const room = rooms.get(id)!;
      const set = sets.get(id);
      const here = picture.players.flatMap((player, seat) => (player.room === id && player.role === null && !player.departed ? [token(player, seat, picture.current)] : []));
      const shots = set === undefined ? null : el('div', { class: 'shots', title: `${set.shotsLeft} of ${room.shots} shots left` }, ...Array.from({ length: room.shots }, (_, i) => el('span', { class: i < set.shotsLeft ? 'shot left' : 'shot done' })));
      const card = set === undefined ? null : set.wrapped ? el('div', { class: 'scene wrapped' }, 'wrapped') : set.scene !== null ? sceneCard(set.scene, true, set, picture) : set.faceDown !== null ? sceneCard(set.faceDown, false, set, picture) : el('div', { class: 'scene down' }, 'scene card face down');
      const extras = set === undefined ? null : el('ul', { class: 'extras' }, ...room.extras.map((role, i) => roleLine(role.name, role.rank, set.extras[i] ?? null, picture)));
      board.append(el('section', { class: set === undefined ? 'dw-room' : 'dw-room set', 'data-room': id, style: { 'grid-row': String(r + 1), 'grid-column': String(c + 1) } }, el('h3', {}, room.name), shots, card, extras, el('div', { class: 'dw-here' }, ...here)));
    }),
  );
  return board;
}

/** The players: rank, dollars, credits, the role worked and its rehearsal chips; whose turn it is. */
export function deadwoodPlayers(picture: DeadwoodPicture, winners: readonly number[] | null): HTMLElement {
  const rows = picture.players.map((player, seat) =>
    el(
      'tr',
      { class: [seat === picture.current && !picture.over ? 'to-act' : '', winners?.includes(seat) === true ? 'winner' : ''].filter(Boolean).join(' '), 'data-seat': seat },
      el('td', {}, player.name),
      el('td', { class: 'number' }, String(player.rank)),
      el('td', { class: 'number' }, `$${player.dollars}`),
      el('td', { class: 'number' }, String(player.credits)),
      el('td', {}, player.role === null ? '' : `${player.role.name} (${player.role.on === 'card' ? 'starring' : 'extra'})`),
      el('td', { class: 'number' }, String(player.chips)),
      el('td', {}, player.departed ? 'left' : winners?.includes(seat) === true ? 'winner' : ''),
    ),
  );
  const head = el('tr', {}, ...['Player', 'Rank', 'Dollars', 'Credits', 'Role', 'Chips', ''].map((title) => el('th', {}, title)));
  return el('div', {}, el('p', { class: 'dw-day' }, `Day ${picture.day} of ${picture.days}; ${picture.deckSize} scene cards left in the deck.`), el('table', { class: 'dw-players' }, el('thead', {}, head), el('tbody', {}, ...rows)));
}
