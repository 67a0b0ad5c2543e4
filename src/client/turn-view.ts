import type { ClueAction } from '../games/clue/actions.js';
import type { YourTurnMessage } from '../server/messages.js';
import { choice, el } from './dom.js';
import type { ClientModel } from './model.js';

/** The player's picks in the suggestion and accusation forms, kept across redraws. */
export interface Picks {
  suggestSuspect: string;
  suggestWeapon: string;
  accuseSuspect: string;
  accuseWeapon: string;
  accuseRoom: string;
}

export function noPicks(): Picks {
  return { suggestSuspect: '', suggestWeapon: '', accuseSuspect: '', accuseWeapon: '', accuseRoom: '' };
}

/** The pick if the list still offers it, else the list's first card I do not hold. */
function picked(value: string, options: readonly string[], hand: readonly string[] = []): string {
  return options.includes(value) ? value : (options.find((option) => !hand.includes(option)) ?? options[0] ?? '');
}

function button(label: string, attributes: Record<string, string>, disabled: boolean, onClick: () => void): HTMLElement {
  return el('button', { type: 'button', ...attributes, disabled, onclick: onClick }, label);
}

function disproveLine(model: ClientModel): HTMLElement | null {
  const asked = model.disprove ?? model.view?.suggestion ?? null;
  if (asked === null) return null;
  const by = 'suggesterName' in asked ? asked.suggesterName : (model.seats[asked.seat]?.name ?? '');
  return el('p', { class: 'asked' }, `${by} suggested ${asked.suspect} with the ${asked.weapon} in the ${asked.room}. Choose a card to show:`);
}

/**
 * Every action of my turn (C.5, G.15), from the server's `yourTurn`: move (here or on the board),
 * suggest, accuse, disprove by choosing a card, end the turn. Nothing is offered that the server
 * did not list, and everything waits while an action is on its way.
 */
export function turnView(model: ClientModel, turn: YourTurnMessage, picks: Picks, act: (action: ClueAction) => void): HTMLElement[] {
  const waiting = model.sent;
  const hand = model.view?.hand ?? [];
  const parts: HTMLElement[] = [el('h2', { class: 'prompt' }, turn.prompt)];
  if (turn.show.length > 0) {
    parts.push(
      el('div', { class: 'disprove' }, disproveLine(model), el('div', { class: 'cards' }, ...turn.show.map((card) => button(card, { class: 'card show-card', 'data-card': card }, waiting, () => act({ type: 'show', card }))))),
    );
  }
  if (turn.moves.length > 0) {
    parts.push(
      el(
        'div',
        { class: 'moves' },
        el('h3', {}, 'Move (or click a highlighted place on the board)'),
        ...turn.moves.map((move) => button(move.label, { class: 'move', 'data-to': move.action.to }, waiting, () => act(move.action))),
      ),
    );
  }
  if (turn.suggest !== null) {
    const { room, suspects, weapons } = turn.suggest;
    const suspect = picked(picks.suggestSuspect, suspects, hand);
    const weapon = picked(picks.suggestWeapon, weapons, hand);
    parts.push(
      el(
        'form',
        { class: 'suggest', onsubmit: (event) => (event.preventDefault(), act({ type: 'suggest', suspect: picked(picks.suggestSuspect, suspects, hand), weapon: picked(picks.suggestWeapon, weapons, hand) })) },
        el('h3', {}, `Suggest, in the ${room}`),
        choice('Suspect', 'suggest-suspect', suspects, suspect, (value) => (picks.suggestSuspect = value)),
        choice('Weapon', 'suggest-weapon', weapons, weapon, (value) => (picks.suggestWeapon = value)),
        el('button', { type: 'submit', class: 'primary', disabled: waiting }, 'Suggest'),
      ),
    );
  }
  if (turn.accuse !== null) {
    const { suspects, weapons, rooms } = turn.accuse;
    parts.push(
      el(
        'form',
        {
          class: 'accuse',
          onsubmit: (event) => (
            event.preventDefault(),
            act({ type: 'accuse', suspect: picked(picks.accuseSuspect, suspects, hand), weapon: picked(picks.accuseWeapon, weapons, hand), room: picked(picks.accuseRoom, rooms, hand) })
          ),
        },
        el('h3', {}, 'Accuse (a wrong accusation ends your play)'),
        choice('Suspect', 'accuse-suspect', suspects, picked(picks.accuseSuspect, suspects, hand), (value) => (picks.accuseSuspect = value)),
        choice('Weapon', 'accuse-weapon', weapons, picked(picks.accuseWeapon, weapons, hand), (value) => (picks.accuseWeapon = value)),
        choice('Room', 'accuse-room', rooms, picked(picks.accuseRoom, rooms, hand), (value) => (picks.accuseRoom = value)),
        el('button', { type: 'submit', class: 'danger', disabled: waiting }, 'Accuse'),
      ),
    );
  }
  if (turn.pass) parts.push(button('End turn', { class: 'pass primary' }, waiting, () => act({ type: 'pass' })));
  return parts;
}
