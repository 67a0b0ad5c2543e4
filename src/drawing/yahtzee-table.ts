import { el } from './dom.js';
import type { YahtzeePicture, YahtzeeSetup } from './pictures.js';

const FACES = ['', '⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

/**
 * Yahtzee's table: the dice of the turn (those held through the roll that made them marked), the
 * rolls made, and every score sheet this perspective may see, a private one shown as such.
 */
export function yahtzeeTable(setup: YahtzeeSetup, picture: YahtzeePicture, names: readonly string[], winners: readonly number[] | null): HTMLElement {
  const dice =
    picture.dice === null
      ? el('p', { class: 'yz-dice none' }, 'No dice to see.')
      : el('div', { class: 'yz-dice', 'aria-label': `Dice: ${picture.dice.join(', ')}` }, ...picture.dice.map((value, i) => el('span', { class: picture.held[i] === true ? 'die held' : 'die', title: picture.held[i] === true ? `${value}, held` : String(value) }, FACES[value] ?? String(value))));
  const head = el('tr', {}, el('th', {}, 'Category'), ...names.map((name, seat) => el('th', { class: [seat === picture.toAct ? 'to-act' : '', winners?.includes(seat) === true ? 'winner' : ''].filter(Boolean).join(' ') }, name)));
  const rows = setup.categories.map((category, c) => el('tr', {}, el('th', {}, category), ...picture.sheets.map((sheet) => el('td', { class: 'number' }, sheet === null ? '' : (sheet[c] ?? null) === null ? '–' : String(sheet[c])))));
  const total = el('tr', { class: 'total' }, el('th', {}, 'Total'), ...picture.totals.map((value) => el('td', { class: 'number' }, value === null ? 'private' : String(value))));
  const where = `Game ${picture.game} of ${picture.games}, turn ${Math.min(picture.round, setup.categories.length)} of ${setup.categories.length}${picture.toAct === null ? '' : `, ${names[picture.toAct]} to play`}; roll ${picture.rolls} of 3.`;
  const winner = picture.winner === null ? null : el('p', { class: 'yz-winner' }, `${picture.winner.names.join(' and ')} won with ${picture.winner.score}.`);
  return el('div', { class: 'yz' }, el('p', {}, where), dice, winner, el('table', { class: 'yz-sheets' }, el('thead', {}, head), el('tbody', {}, ...rows, total)));
}
